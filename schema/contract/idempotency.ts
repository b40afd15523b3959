import { z } from 'zod';

/**
 * Idempotency key of a form submission (docs/scaling.md): the web app makes one per opened form
 * (`crypto.randomUUID()`) and sends it with every submission of that form, so a repeated submission (double click,
 * retry after a lost answer, another machine behind the load balancer) gets the first answer
 * (server/platform/idempotency). 16 to 100 characters of A–Z, a–z, 0–9, `_` and `-`.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

/** zod rule of an idempotency key; the message is the field-error code `IDEMPOTENCY_KEY_INVALID`. */
export const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'IDEMPOTENCY_KEY_INVALID');
