/**
 * The workload of the durability writer (tests/durability/writer.ts), shared with the test that verifies it: which
 * transaction a sequence number stands for and exactly what it writes, so that the test can tell from the database
 * which transactions are present and whether each is complete.
 */
import { createHash } from 'node:crypto';

/** Kind of the transaction of sequence number `seq`. */
export function kindOf(seq: number): 'login' | 'preferences' | 'message' {
  return seq % 3 === 0 ? 'login' : seq % 3 === 1 ? 'preferences' : 'message';
}

/** The e-mail recorded by the login transaction `seq` of `writer`. */
export function loginEmailOf(writer: string, seq: number): string {
  return `durability.${writer}.${seq}@example.test`;
}

/** The subject of the message written by transaction `seq` of `writer`. */
export function messageSubjectOf(writer: string, seq: number): string {
  return `durability ${writer}#${seq}`;
}

/** Instant from which the preference transactions count updated_at, one millisecond per sequence number. */
const PREFERENCE_EPOCH_MS = Date.parse('2027-01-01T00:00:00.000Z');

/**
 * The person row that preference transaction `seq` writes: flags from the bits of `seq / 3`, updated_at =
 * PREFERENCE_EPOCH + seq ms (ISO), so that a stored row tells which transaction wrote it (`preferenceSeqOf`).
 */
export function preferenceOf(seq: number): { newsletterPk: boolean; newsletterVk: boolean; benefitStatementDigital: boolean; updatedAt: string } {
  const bits = Math.floor(seq / 3);
  return {
    newsletterPk: (bits & 1) === 1,
    newsletterVk: (bits & 2) === 2,
    benefitStatementDigital: (bits & 4) === 4,
    updatedAt: new Date(PREFERENCE_EPOCH_MS + seq).toISOString(),
  };
}

/** The sequence number that wrote `updatedAt` (inverse of `preferenceOf`), or null for a timestamp before the epoch. */
export function preferenceSeqOf(updatedAt: string): number | null {
  const seq = Date.parse(updatedAt) - PREFERENCE_EPOCH_MS;
  return Number.isSafeInteger(seq) && seq >= 0 ? seq : null;
}

/** The two attachments of message transaction `seq`: name, type, size 200..4,199 bytes and deterministic content. */
export function attachmentsOf(writer: string, seq: number): { fileName: string; contentType: string; content: Buffer }[] {
  return [0, 1].map((part) => {
    const size = 200 + ((seq * 7919 + part * 104_729) % 4000);
    const content = Buffer.alloc(size);
    let block = createHash('sha256').update(`${writer}:${seq}:${part}`).digest();
    for (let offset = 0; offset < size; offset += block.length) {
      block.copy(content, offset);
      block = createHash('sha256').update(block).digest();
    }
    return { fileName: `beleg-${seq}-${part}.${part === 0 ? 'pdf' : 'jpg'}`, contentType: part === 0 ? 'application/pdf' : 'image/jpeg', content };
  });
}
