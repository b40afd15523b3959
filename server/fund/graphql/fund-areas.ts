import { claimsResolvers } from '../claims/claims.resolvers';
import { eventsResolvers } from '../events/events.resolvers';
import { staffAuditResolvers } from '../staff/staff-audit.resolvers';
import type { Resolvers as FundResolvers } from './__generated__/fund-resolvers-types';

/** The resolver maps of the fund's API, one per area (its SDL lies beside it, `server/fund/<area>/<area>.graphql`). */
export const fundAreaResolvers: FundResolvers[] = [eventsResolvers, claimsResolvers, staffAuditResolvers];
