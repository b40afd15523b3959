import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/**
 * E-mail pattern of spec 000 section 5: word characters around an at sign and a domain ending of 2 to 63 letters;
 * the whole address is 5 to 100 characters long.
 */
const EMAIL_PATTERN = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,63}$/;

/**
 * Client-side pre-check of the login form (spec 000 section 5 "Login form"). Messages are login status codes, shown
 * through the catalogue keys `login.error.<code>`; the server checks the same again.
 */
export const loginSchema = z.object({
  email: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: 'ERROR_MAIL_NOT_GIVEN' })
        .min(5, { error: 'ERROR_MAIL_NOT_VALID' })
        .max(100, { error: 'ERROR_MAIL_NOT_VALID' })
        .regex(EMAIL_PATTERN, { error: 'ERROR_MAIL_NOT_VALID' }),
    ),
  password: z.string().min(1, { error: 'ERROR_PWD_NOT_GIVEN' }).max(100, { error: 'ERROR_PWD_TOO_LONG' }),
});

export type LoginFormInput = z.input<typeof loginSchema>;
export type LoginFormValues = z.output<typeof loginSchema>;

/** Codes the schema can report, each with a catalogue text. */
export type LoginClientErrorCode = 'ERROR_MAIL_NOT_GIVEN' | 'ERROR_MAIL_NOT_VALID' | 'ERROR_PWD_NOT_GIVEN' | 'ERROR_PWD_TOO_LONG';

/** The react-hook-form resolver of `loginSchema` (its own module export, so the form can load it after first paint). */
export const loginResolver = zodResolver(loginSchema);
