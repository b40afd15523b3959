import { assignmentsResolvers } from '../assignments/assignments.resolvers';
import { claimsResolvers } from '../claims/claims.resolvers';
import { eventsResolvers } from '../events/events.resolvers';
import { formsResolvers } from '../forms/forms.resolvers';
import { mandatesResolvers } from '../mandates/mandates.resolvers';
import { membersResolvers } from '../members/members.resolvers';
import { mergeRequestsResolvers } from '../merge-requests/merge-requests.resolvers';
import { messagesResolvers } from '../messages/messages.resolvers';
import { premiumApplicationsResolvers } from '../premium-applications/premium-applications.resolvers';
import { publicUploadsResolvers } from '../public-uploads/public-uploads.resolvers';
import { sharedResolvers } from '../shared/shared.resolvers';
import { staffAuditResolvers } from '../staff/staff-audit.resolvers';
import { statementsResolvers } from '../statements/statements.resolvers';
import type { Resolvers as FundResolvers } from './__generated__/fund-resolvers-types';

/** The resolver maps of the fund's API, one per area (its SDL lies beside it, `server/fund/<area>/<area>.graphql`). */
export const fundAreaResolvers: FundResolvers[] = [
  eventsResolvers,
  claimsResolvers,
  statementsResolvers,
  membersResolvers,
  sharedResolvers,
  messagesResolvers,
  formsResolvers,
  publicUploadsResolvers,
  mergeRequestsResolvers,
  mandatesResolvers,
  premiumApplicationsResolvers,
  staffAuditResolvers,
  assignmentsResolvers,
];
