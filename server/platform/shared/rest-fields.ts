import { z } from 'zod';
import { parseCentsText } from '@contract/amount';
import { SIGNATURE_LIMITS, type SignatureWire } from '@contract/signature';

/**
 * Pieces of the REST bodies (`*.rest.ts`) that several methods take alike. Form posts send every field as a string,
 * JSON clients send numbers, booleans and arrays; these accept both.
 */

/** An optional text field: a string of at most `max` characters, or null or absent. */
export const optionalText = (max: number) => z.string().max(max).optional().nullable();

/** Form booleans as legacy clients send them ('true', 'false', '1', '0', '') or JSON booleans. */
export const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')]);

/** The ids of a request's uploads (at most 20): a JSON array, or one id as a form field ('' for none). */
export const uploadIdList = z
  .union([
    z.array(z.string().max(100)).max(20),
    z
      .string()
      .max(100)
      .transform((id) => (id === '' ? [] : [id])),
  ])
  .optional()
  .nullable();

/**
 * A cent amount: a JSON integer, or a form field's string read by `parseCentsText` (@contract/amount; an optional minus
 * and digits only, decision 0042). Any other string (`1.200`, `12e3`, `0x10`, `12,5`) is refused with the message
 * `INVALID`, never read as euros or in another notation.
 */
export const formCents = z.union([
  z.number(),
  z
    .string()
    .max(20)
    .transform((text, ctx) => {
      const cents = parseCentsText(text);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'INVALID' });
        return z.NEVER;
      }
      return cents;
    }),
]);

/**
 * The REST fields of a signature (decision 0015; @contract/signature `SignatureWire`): `signatureKind` DRAWN with
 * `signaturePng` (a PNG data URL of at most 400,000 characters) or TYPED with `signatureName`; spread into a body's
 * `z.object`. `signatureInput` checks them once they reach the service.
 */
export const signatureFields = {
  signatureKind: z.enum(['DRAWN', 'TYPED']).optional(),
  signaturePng: z.string().max(SIGNATURE_LIMITS.pngDataUrl).optional().nullable(),
  signatureName: optionalText(200),
};

type SignatureFieldName = keyof typeof signatureFields;

/**
 * A REST body with its `signatureFields` folded into the service's `signature` (`{ kind, png, name }`, null when no
 * `signatureKind` was sent); every other field as it came.
 */
export function withSignature<T extends { [K in SignatureFieldName]?: z.infer<(typeof signatureFields)[K]> }>(
  input: T,
): Omit<T, SignatureFieldName> & { signature: SignatureWire | null } {
  const { signatureKind, signaturePng, signatureName, ...rest } = input;
  return { ...rest, signature: signatureKind ? { kind: signatureKind, png: signaturePng, name: signatureName } : null };
}
