import { eventsResolvers } from '../events/events.resolvers';
import { messagesResolvers } from '../messages/messages.resolvers';
import { sharedResolvers } from '../shared/shared.resolvers';
import type { Resolvers as FundResolvers } from './__generated__/fund-resolvers-types';

/** The resolver maps of the fund's API, one per area (its SDL lies beside it, `server/fund/<area>/<area>.graphql`). */
export const fundAreaResolvers: FundResolvers[] = [eventsResolvers, sharedResolvers, messagesResolvers];
