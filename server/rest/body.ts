import transport from '@contract/i18n/de/transport.json';
import type { IncomingMessage } from 'node:http';

/** Largest request body the spec-000 REST methods accept (they carry a few short form fields). */
export const MAX_BODY_BYTES = 64 * 1024;

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the whole body, refusing more than `limit` bytes (413) without buffering the rest. */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyError(413, transport.payloadTooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyError(413, transport.payloadTooLarge);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The whole body, or null when it is larger than `limit` bytes (the rest is not read); for callers that answer 413 themselves. */
export async function readBodyWithin(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  try {
    return await readBody(req, limit);
  } catch (error) {
    if (error instanceof BodyError) return null;
    throw error;
  }
}

/**
 * Parses a REST body into a flat object of the documented formats (spec 000 section 7): form-urlencoded,
 * JSON (an object) or multipart/form-data (text fields only). An empty body is `{}`.
 * Keys such as `__proto__` cannot reach the prototype: the result has no prototype.
 * @throws BodyError 400 for malformed JSON, a JSON value that is not an object, or an unsupported content type.
 */
export async function parseBody(raw: Buffer, contentType: string | undefined): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = Object.create(null);
  if (raw.length === 0) return out;
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    for (const [k, v] of new URLSearchParams(raw.toString('utf8'))) if (!(k in out)) out[k] = v;
    return out;
  }
  if (type === 'application/json') {
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new BodyError(400, transport.invalidJson);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new BodyError(400, transport.jsonObjectExpected);
    for (const [k, v] of Object.entries(value)) out[k] = v;
    return out;
  }
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType! } }).formData();
    } catch {
      throw new BodyError(400, transport.multipartInvalid);
    }
    for (const [k, v] of form) if (typeof v === 'string' && !(k in out)) out[k] = v;
    return out;
  }
  throw new BodyError(400, transport.unsupportedContentType);
}
