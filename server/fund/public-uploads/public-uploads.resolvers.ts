import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { timeOrderedPage } from '../shared/keyset';
import { resultOf } from '../shared/outcome';
import { principalActor } from '../access/scopes';
import { createFundPublicUploadsService } from './fund-public-uploads.service';

/** Public uploads on the fund's API (public-uploads.graphql; decision 0055). */
export const publicUploadsResolvers: FundResolvers = {
  Query: {
    publicUploads(_source, args, { deps }, info) {
      const service = createFundPublicUploadsService(deps);
      const status = args.status ?? null;
      return timeOrderedPage(args, info, {
        page: (after, limit) => service.list({ status, after, limit }),
        count: () => service.count(status),
        keyOf: (u) => [u.row.createdAt, u.row.id],
      });
    },
  },
  Mutation: {
    async assignPublicUpload(_source, { input }, { deps, principal }) {
      return resultOf(await createFundPublicUploadsService(deps).assign(principalActor(principal), input));
    },
  },
  PublicUpload: {
    id: (u) => String(u.row.id),
    kind: (u) => u.row.kind,
    status: (u) => (u.row.personId === null ? 'UNASSIGNED' : 'ASSIGNED'),
    member: (u) => u.member,
    firstName: (u) => u.row.firstName,
    lastName: (u) => u.row.lastName,
    svnr: (u) => u.row.svnr,
    email: (u) => u.row.email,
    message: (u) => u.row.message,
    signatureType: (u) => u.row.signatureType,
    signature: (u) => u.row.signature,
    createdAt: (u) => u.row.createdAt,
    files: (u) => u.files,
  },
};
