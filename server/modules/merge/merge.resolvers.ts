import { MERGE_ERROR_MESSAGES, mergeFieldError, publicMergeErrorMessage } from './merge.messages';
import { optionalPersonId } from '../public-uploads/public-uploads.answers';
import { rateLimitedMessage } from '../../platform/shared/errors';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/**
 * Merging dormant severance accounts (server/modules/merge/merge.graphql): thin calls into MergeService. `Person.mergeEligibility`
 * is reached only through `me`; the mutation takes the person from the session.
 */
export const mergeResolvers: Resolvers = {
  Person: {
    mergeEligibility: async (p, _a, ctx) => {
      const e = await ctx.services.merge.eligibility(ctx.scope, p.id);
      return {
        eligible: e.eligible,
        reason: e.reason,
        dormantAccounts: e.dormantAccounts.map((a) => ({ ...a, id: String(a.id) })),
        targetAccountNumber: e.target?.accountNumber ?? null,
        pendingSince: e.pendingSince,
      };
    },
  },
  Mutation: {
    async requestMerge(_p, args, ctx) {
      const r = await ctx.services.merge.request(ctx.scope, await ctx.requirePersonId(), args.input);
      if (r.ok) return { ok: { request: r.value }, error: null };
      return { ok: null, error: { code: r.code, message: MERGE_ERROR_MESSAGES[r.code], fieldErrors: (r.fieldErrors ?? []).map(mergeFieldError) } };
    },
    async requestPublicMerge(_p, args, ctx) {
      const r = await ctx.deps.publicUploads.submitMerge(args.input, await optionalPersonId(ctx), ctx.scope.meta);
      if (r.ok) return { ok: { submittedOn: r.value.submittedOn, email: r.value.email, fileCount: r.value.fileCount }, error: null };
      const retryAfterSeconds = r.retryAfterSeconds ?? null;
      const message = retryAfterSeconds === null ? publicMergeErrorMessage(r.code) : rateLimitedMessage(retryAfterSeconds);
      return { ok: null, error: { code: r.code, message, fieldErrors: (r.fieldErrors ?? []).map(mergeFieldError), retryAfterSeconds } };
    },
  },
};
