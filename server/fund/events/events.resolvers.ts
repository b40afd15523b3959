import { GraphQLError } from 'graphql';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { connectionOf, pageSize } from '../graphql/connection';

/** The event feed of the fund's API (decision 0053); SDL in events.graphql. */
export const eventsResolvers: FundResolvers = {
  Query: {
    async events(_source, { after, first }, { deps }) {
      const size = pageSize(first, { fallback: 100, max: 500 });
      // The cursor of an event is its id (the feed's order): readable, and stable across reads.
      let afterId = 0;
      if (after !== null && after !== undefined) {
        if (!/^\d{1,15}$/.test(after)) throw new GraphQLError('after is not an event id.', { extensions: { code: 'BAD_USER_INPUT', field: 'after' } });
        afterId = Number(after);
      }
      const rows = await deps.events.list(afterId, size + 1);
      return connectionOf(rows, size, (row) => String(row.id));
    },
  },
  FundEvent: {
    id: (row) => String(row.id),
  },
};
