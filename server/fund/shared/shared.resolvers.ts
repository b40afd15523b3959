import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';

/** The shared types of the fund's lists (shared.graphql; decision 0055). */
export const sharedResolvers: FundResolvers = {
  MemberRef: {
    id: (member) => String(member.id),
  },
  FundFile: {
    id: (file) => String(file.id),
    async contentBase64(file) {
      return (await file.load())?.toString('base64') ?? null;
    },
  },
};
