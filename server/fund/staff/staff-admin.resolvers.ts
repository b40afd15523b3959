import { noteAudit } from '../graphql/fund-context';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { createStaffService, StaffCommandError, type StaffService } from './staff.service';
import { createStaffStore } from './staff.store';
import { perProcess } from '../shared/per-process';

/** The staff service of the process `deps`, the one the CLI builds too (decision 0054). */
const staffServiceOf = perProcess<StaffService>((deps) =>
  createStaffService({
    store: createStaffStore(deps.db),
    clock: deps.clock,
    lockout: { threshold: deps.authSettings.lockoutThreshold, ms: deps.authSettings.lockoutMs },
  }),
);

/** English messages of the refusals of `disableStaffPerson`. */
const DISABLE_MESSAGES = {
  NOT_FOUND: 'There is no staff account with this id.',
  ALREADY_DISABLED: 'The staff account is disabled already.',
  SELF: 'An administrator cannot disable their own account.',
} as const;

/** English messages of the refusals of `resetStaffSignIn`. */
const RESET_MESSAGES = {
  NOT_FOUND: DISABLE_MESSAGES.NOT_FOUND,
  DISABLED: 'The staff account is disabled; a disabled account cannot sign in.',
  SELF: 'An administrator cannot reset their own sign-in here; another administrator or the command line can.',
} as const;

/** The ADMIN's staff accounts (decision 0059); SDL in staff-admin.graphql. The `@scope` check admits only `staff:admin`. */
export const staffAdminResolvers: FundResolvers = {
  Query: {
    async staffPeople(_source, _args, { deps }) {
      return staffServiceOf(deps).list();
    },
  },
  Mutation: {
    async createStaffPerson(_source, { input }, ctx) {
      const service = staffServiceOf(ctx.deps);
      try {
        const created = await service.create(input);
        const person = (await service.list()).find((p) => p.email === created.email)!;
        noteAudit(ctx, 'createStaffPerson', { personId: null, target: `staff:${person.id}`, before: null });
        return { ok: { person, initialPassword: created.initialPassword, totpUri: created.totpUri }, error: null };
      } catch (error) {
        if (error instanceof StaffCommandError) return { ok: null, error: { code: error.code, message: error.message, field: error.field } };
        throw error;
      }
    },
    async disableStaffPerson(_source, { id }, ctx) {
      const { principal, deps } = ctx;
      const service = staffServiceOf(deps);
      const before = (await service.list()).find((p) => p.id === id);
      // The @scope check admits only staff (no machine client holds staff:admin); a client here would be a bug.
      const actor = principal.kind === 'staff' ? principal.staffId : -1;
      const result = await service.disableById(id, actor);
      if ('error' in result) return { ok: null, error: { code: result.error, message: DISABLE_MESSAGES[result.error], field: 'id' } };
      noteAudit(ctx, 'disableStaffPerson', { personId: null, target: `staff:${id}`, before: before ? { disabledAt: before.disabledAt } : null });
      return { ok: { ...before!, disabledAt: result.disabledAt }, error: null };
    },
    async resetStaffSignIn(_source, { id }, ctx) {
      const { principal, deps } = ctx;
      const service = staffServiceOf(deps);
      const actor = principal.kind === 'staff' ? principal.staffId : -1;
      const result = await service.resetSignInById(id, actor);
      if ('error' in result) return { ok: null, error: { code: result.error, message: RESET_MESSAGES[result.error], field: 'id' } };
      const person = (await service.list()).find((p) => p.id === id)!;
      noteAudit(ctx, 'resetStaffSignIn', { personId: null, target: `staff:${id}`, before: null });
      return { ok: { person, initialPassword: result.initialPassword, totpUri: result.totpUri }, error: null };
    },
  },
  StaffPerson: {
    isSelf: (person, _args, { principal }) => principal.kind === 'staff' && principal.staffId === person.id,
  },
};
