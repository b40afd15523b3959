import type { AppDeps } from '../../platform/deps';
import { principalActor } from '../access/scopes';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { fundRefusalOf } from './fund-refusal';
import { createMemberUpsertService, UPSERT_MEMBER_MESSAGES, type MemberUpsertService } from './member-upsert.service';
import { createMemberUpsertStore } from './member-upsert.store';

const built = new WeakMap<AppDeps, MemberUpsertService>();

/** The member upsert of the process `deps` (built once per process, decision 0036). */
export function memberUpsertOf(deps: AppDeps): MemberUpsertService {
  let service = built.get(deps);
  if (!service) {
    service = createMemberUpsertService({
      db: deps.db,
      store: createMemberUpsertStore(deps.db),
      events: deps.events,
      tenant: deps.tenant,
      config: deps.config,
      clock: deps.clock,
      logger: deps.logger,
    });
    built.set(deps, service);
  }
  return service;
}

/** Members in (decision 0057); SDL in members.graphql. */
export const membersResolvers: FundResolvers = {
  Mutation: {
    async upsertMember(_source, { input }, { principal, deps }) {
      const result = await memberUpsertOf(deps).upsertMember(principalActor(principal), input);
      return result.ok ? { ok: result.value, error: null } : { ok: null, error: fundRefusalOf(result, UPSERT_MEMBER_MESSAGES) };
    },
  },
};
