import { z } from 'zod';
import type { RequestContext } from '../../platform/request-context';
import { rateLimited } from '../../platform/shared/errors';
import { optionalPersonId } from './public-uploads.answers';
import { method, type RestMethod } from '../../rest/method-kit';

const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', '', 'on']).transform((v) => v === 'true' || v === '1' || v === 'on')]);
const str = (max: number) => z.string().max(max).optional().nullable();
/** File ids as a JSON array or, from a form, one comma-separated string. */
const ids = z
  .union([
    z.array(z.string().max(100)).max(50),
    z
      .string()
      .max(2000)
      .transform((s) => (s === '' ? [] : s.split(','))),
  ])
  .optional()
  .nullable();

/**
 * Body of REST `webportal/uploadForm` (spec 000 section 8 names the path only; reading in decision 0024): the fields of
 * GraphQL `SubmitUploadFormInput` as JSON or form fields (`fileIds` as an array or comma-separated). The files
 * themselves go first, one per request, to `POST /webportal/upload?purpose=upload-form` with the captcha in `X-Captcha`.
 */
export const uploadFormRestInput = z.object({
  firstName: str(1000),
  lastName: str(1000),
  svnr: str(100),
  email: str(1000),
  emailConfirmation: str(1000),
  message: str(10_000),
  termsAccepted: formBoolean.optional().nullable(),
  fileIds: ids,
  captcha: str(2000),
});

/**
 * Runs `webportal/uploadForm`: `{ ok, code, fieldErrors: [{ field, code }], fileCount, email }` (codes of
 * `submitUploadForm`), except RATE_LIMITED, which is thrown: HTTP 429 with `Retry-After` (seconds) and
 * `{ error: 'RATE_LIMITED', message }` naming the time to wait (decision 0041).
 */
export async function uploadFormRestRun(ctx: RequestContext, input: z.infer<typeof uploadFormRestInput>): Promise<unknown> {
  const r = await ctx.deps.publicUploads.submit(
    {
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      svnr: input.svnr ?? '',
      email: input.email ?? '',
      emailConfirmation: input.emailConfirmation ?? '',
      message: input.message ?? '',
      termsAccepted: input.termsAccepted === true,
      fileIds: input.fileIds ?? [],
      captcha: input.captcha ?? '',
    },
    await optionalPersonId(ctx),
    ctx.scope.meta,
  );
  if (!r.ok && r.code === 'RATE_LIMITED') throw rateLimited(r.retryAfterSeconds ?? 1);
  if (!r.ok) return { ok: false, code: r.code, fieldErrors: r.fieldErrors, fileCount: null, email: null };
  return { ok: true, code: null, fieldErrors: [], fileCount: r.value.fileCount, email: r.value.email };
}

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const publicUploadsRestMethods: RestMethod[] = [
  method({
    name: 'webportal/uploadForm',
    input: uploadFormRestInput,
    auth: 'public',
    run: uploadFormRestRun,
  }),
];
