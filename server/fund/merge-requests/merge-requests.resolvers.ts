import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { timeOrderedPage } from '../shared/keyset';
import { resultOf } from '../shared/outcome';
import { principalActor } from '../access/scopes';
import { createFundMergeRequestsService } from './fund-merge-requests.service';

/** Merge requests on the fund's API (merge-requests.graphql; decision 0055). */
export const mergeRequestsResolvers: FundResolvers = {
  Query: {
    mergeRequests(_source, args, { deps }, info) {
      const service = createFundMergeRequestsService(deps);
      const status = args.status ?? null;
      return timeOrderedPage(args, info, {
        page: (after, limit) => service.list({ status, after, limit }),
        count: () => service.count(status),
        keyOf: (m) => [m.row.submittedAt, m.row.id],
      });
    },
  },
  Mutation: {
    async resolveMergeRequest(_source, { input }, { deps, principal, origin }) {
      const outcome = await createFundMergeRequestsService(deps).resolve(
        principalActor(principal),
        { mergeRequestId: input.mergeRequestId, status: input.status, note: input.note ?? null },
        origin,
      );
      return resultOf(outcome);
    },
  },
  MergeRequest: {
    id: (m) => String(m.row.id),
    member: (m) => m.member!,
    status: (m) => m.row.status,
    firstName: (m) => m.row.firstName,
    lastName: (m) => m.row.lastName,
    svnr: (m) => m.row.svnr,
    email: (m) => m.row.email,
    signatureType: (m) => m.row.signatureType,
    signatureKind: (m) => m.row.signatureKind,
    signatureName: (m) => m.row.signatureName,
    accountNumbers: (m) =>
      m.row.accountNumbers
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    targetAccountNumber: (m) => m.row.targetAccountNumber,
    submittedAt: (m) => m.row.submittedAt,
    resolvedAt: (m) => m.row.resolvedAt,
    resolutionNote: (m) => m.row.resolutionNote,
    files: (m) => m.files,
  },
};
