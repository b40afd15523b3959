import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { timeOrderedPage } from '../shared/keyset';
import { resultOf } from '../shared/outcome';
import { principalActor } from '../access/scopes';
import { createFundMandatesService } from './fund-mandates.service';

/** Own-contribution mandates on the fund's API (mandates.graphql; decision 0055). */
export const mandatesResolvers: FundResolvers = {
  Query: {
    mandates(_source, args, { deps }, info) {
      const service = createFundMandatesService(deps);
      const status = args.status ?? null;
      return timeOrderedPage(args, info, {
        page: (after, limit) => service.list({ status, after, limit }),
        count: () => service.count(status),
        keyOf: (m) => [m.row.createdAt, m.row.id],
      });
    },
  },
  Mutation: {
    async setMandateStatus(_source, { input }, { deps, principal }) {
      return resultOf(await createFundMandatesService(deps).setStatus(principalActor(principal), { mandateId: input.mandateId, status: input.status, note: input.note ?? null }));
    },
  },
  Mandate: {
    id: (m) => String(m.row.id),
    member: (m) => m.member!,
    contractNumber: (m) => m.contractNumber,
    type: (m) => m.row.type,
    status: (m) => m.row.status,
    amount: (m) => m.row.amountCents,
    iban: (m) => m.row.iban,
    bic: (m) => m.row.bic,
    accountOwner: (m) => m.row.accountOwner,
    phone: (m) => m.row.phone,
    startDate: (m) => m.row.startDate,
    endDate: (m) => m.row.endDate,
    mandateReference: (m) => m.row.mandateReference,
    creditorId: (m) => m.row.creditorId,
    createdAt: (m) => m.row.createdAt,
    signedOn: (m) => m.row.signedOn,
  },
};
