import { z } from 'zod';

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
