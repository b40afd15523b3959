import { optionalPersonId, uploadFormError } from './public-uploads.answers';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/** The public upload form (server/modules/public-uploads/public-uploads.graphql): a thin call into the public-uploads service. */
export const publicUploadsResolvers: Resolvers = {
  Mutation: {
    submitUploadForm: async (_p, { input }, ctx) => {
      const result = await ctx.deps.publicUploads.submit(input, await optionalPersonId(ctx), ctx.scope.meta);
      if (!result.ok) return { ok: null, error: uploadFormError(result.code, result.fieldErrors, result.retryAfterSeconds) };
      return { ok: { fileCount: result.value.fileCount, email: result.value.email }, error: null };
    },
  },
};
