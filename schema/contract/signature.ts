import { z } from 'zod';

/**
 * The signature of a form (decision 0015; the own contributions reuse it, decision 0016): drawn on the signature pad and sent as a PNG data
 * URL, or, for members who cannot draw, the full name typed as the signature (stored as that text with the kind
 * TYPED, never rendered as a fake handwriting image).
 */
export const SIGNATURE_LIMITS = { pngDataUrl: 400_000, typedName: 100 } as const;

/** Width and height of the signature canvas (CSS pixels) for a viewport width (spec: 664 × 371 above 1023 px, 60 % from 768 to 1023, 80 % below 768). */
export function signatureCanvasSize(viewportWidth: number): { width: number; height: number } {
  const scale = viewportWidth > 1023 ? 1 : viewportWidth >= 768 ? 0.6 : 0.8;
  return { width: Math.round(664 * scale), height: Math.round(371 * scale) };
}

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** A signature as the forms send it; `EMPTY` (message code) when neither a drawing nor a name is given. */
export const signatureInput = z.union([
  z.object({ kind: z.literal('DRAWN'), png: z.string().max(SIGNATURE_LIMITS.pngDataUrl, 'TOO_LONG').regex(PNG_DATA_URL, 'SIGNATURE_INVALID') }),
  z.object({ kind: z.literal('TYPED'), name: z.string().trim().min(2, 'SIGNATURE_EMPTY').max(SIGNATURE_LIMITS.typedName, 'TOO_LONG') }),
]);

export type SignatureValue = z.output<typeof signatureInput>;

/**
 * A signature as it arrives, before `signatureInput` checks it: GraphQL `SignatureInput`, or the REST fields
 * `signatureKind` with `signaturePng` (DRAWN, a PNG data URL) or `signatureName` (TYPED).
 */
export interface SignatureWire {
  kind?: 'DRAWN' | 'TYPED' | null;
  png?: string | null;
  name?: string | null;
}

/** True when the decoded data URL starts with the PNG signature bytes (the content, not only the prefix, is a PNG). */
export function isPngDataUrl(dataUrl: string): boolean {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const head = atob(base64.slice(0, 12));
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head.charCodeAt(i) === b);
}
