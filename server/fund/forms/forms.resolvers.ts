import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { timeOrderedPage } from '../shared/keyset';
import { createFundFormsService } from './fund-forms.service';

/** The forms list of the fund's API (forms.graphql; decision 0055). */
export const formsResolvers: FundResolvers = {
  Query: {
    forms(_source, args, { deps }, info) {
      const service = createFundFormsService(deps);
      const status = args.status ?? null;
      return timeOrderedPage(args, info, {
        page: (after, limit) => service.list({ status, after, limit }),
        count: () => service.count(status),
        keyOf: (f) => [f.row.submittedAt, f.row.id],
      });
    },
  },
  FormSubmission: {
    id: (f) => String(f.row.id),
    kind: (f) => f.row.kind,
    member: (f) => f.member!,
    submittedAt: (f) => f.row.submittedAt,
    status: (f) => (f.message.answeredAt === null ? 'OPEN' : 'ANSWERED'),
    message: (f) => f.message,
  },
};
