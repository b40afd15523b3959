import { principalActor } from '../access/scopes';
import { noteAudit, type FundContext } from '../graphql/fund-context';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { timeOrderedPage } from '../shared/keyset';
import { parseId, resultOf } from '../shared/outcome';
import { createStaffStore } from '../staff/staff.store';
import { createBankChangesService } from './bank-changes.service';

/** Notes the change `changeId`'s member and state before a decision for the staff audit trail (decision 0059). */
async function noteBefore(ctx: FundContext, field: string, changeId: string): Promise<void> {
  const id = parseId(changeId);
  const before = id === null ? undefined : await createBankChangesService(ctx.deps).byId(id);
  if (before) noteAudit(ctx, field, { personId: before.row.personId, target: `bank-change:${before.row.id}`, before: { status: before.row.status } });
}

/** Staff-entered bank accounts under the four-eyes rule (bank-changes.graphql; decision 0059). */
export const bankChangesResolvers: FundResolvers = {
  Query: {
    bankAccountChanges(_source, args, { deps }, info) {
      const service = createBankChangesService(deps);
      const status = args.status ?? 'PENDING';
      return timeOrderedPage(args, info, {
        page: (after, limit) => service.list({ status, after, limit }),
        count: () => service.count(status),
        keyOf: (c) => [c.row.enteredAt, c.row.id],
      });
    },
  },
  Mutation: {
    async enterBankAccount(_source, { input }, ctx) {
      const entry = { ...input, bic: input.bic ?? null, validFrom: input.validFrom ?? null };
      const outcome = await createBankChangesService(ctx.deps).enter(principalActor(ctx.principal), entry);
      if (outcome.ok) noteAudit(ctx, 'enterBankAccount', { personId: outcome.value.row.personId, target: `bank-change:${outcome.value.row.id}`, before: null });
      return resultOf(outcome);
    },
    async approveBankChange(_source, { changeId }, ctx) {
      await noteBefore(ctx, 'approveBankChange', changeId);
      return resultOf(await createBankChangesService(ctx.deps).approve(principalActor(ctx.principal), changeId));
    },
    async rejectBankChange(_source, { changeId, reason }, ctx) {
      await noteBefore(ctx, 'rejectBankChange', changeId);
      return resultOf(await createBankChangesService(ctx.deps).reject(principalActor(ctx.principal), changeId, reason ?? null));
    },
  },
  BankAccountChange: {
    id: (c) => String(c.row.id),
    member: (c) => c.member,
    accountHolder: (c) => c.row.accountHolder,
    bankName: (c) => c.row.bankName,
    iban: (c) => c.row.iban,
    bic: (c) => c.row.bic,
    validFrom: (c) => c.row.validFrom,
    status: (c) => c.row.status,
    enteredBy: (c) => c.row.enteredBy,
    async enteredByName(c, _args, { deps }) {
      const staff = /^staff:(\d+)$/.exec(c.row.enteredBy);
      return staff ? ((await createStaffStore(deps.db).namesOf([Number(staff[1])])).get(Number(staff[1])) ?? null) : null;
    },
    enteredAt: (c) => c.row.enteredAt,
    decidedBy: (c) => c.row.decidedBy,
    decidedAt: (c) => c.row.decidedAt,
    reason: (c) => c.row.reason,
  },
};
