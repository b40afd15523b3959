import { principalActor } from '../access/scopes';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { fundRefusalOf } from './fund-refusal';
import { createMemberUpsertService, type MemberUpsertService } from './member-upsert.service';
import { createMemberUpsertStore } from './member-upsert.store';
import { perProcess } from '../shared/per-process';
import { UPSERT_MEMBER_MESSAGES } from './member-upsert.rules';

/** The member upsert of the process `deps` (decision 0036). */
const memberUpsertOf = perProcess<MemberUpsertService>((deps) =>
  createMemberUpsertService({
    db: deps.db,
    store: createMemberUpsertStore(deps.db),
    events: deps.events,
    tenant: deps.tenant,
    config: deps.config,
    clock: deps.clock,
    logger: deps.logger,
  }),
);

/** Members in (decision 0057); SDL in members.graphql. */
export const membersResolvers: FundResolvers = {
  Mutation: {
    async upsertMember(_source, { input }, { principal, deps }) {
      const result = await memberUpsertOf(deps).upsertMember(principalActor(principal), input);
      return result.ok ? { ok: result.value, error: null } : { ok: null, error: fundRefusalOf(result, UPSERT_MEMBER_MESSAGES) };
    },
  },
};
