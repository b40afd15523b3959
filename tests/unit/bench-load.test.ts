import { describe, expect, it } from 'vitest';
import { pdfTrailer, samePdf } from '../../bench/load';

/** A PDF-like text: a binary middle (multi-byte and invalid UTF-8) and an ASCII trailer, as pdfkit writes it. */
function pdf(middle: Buffer, size = 12, offset = 1234): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.3\n%\xff\xff\xff\xff\n', 'latin1'),
    middle,
    Buffer.from(`\ntrailer\n<<\n/Size ${size}\n/Root 2 0 R\n/ID [<ab> <ab>]\n>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
  ]);
}

/** Decodes like autocannon: each chunk on its own as UTF-8, then joined. */
function decodeInChunks(bytes: Buffer, size: number): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += size) text += bytes.subarray(i, i + size).toString('utf8');
  return text;
}

describe('the bench PDF body check', () => {
  const middle = Buffer.from([0xc3, 0xa4, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x80, 0xff, 0x00, 0x41, 0xe2, 0x82, 0xac]);
  const expected = pdf(middle).toString('utf8');

  it('accepts the same PDF however the load generator splits it into chunks', () => {
    for (const size of [1, 2, 3, 5, 7, 64]) expect(samePdf(decodeInChunks(pdf(middle), size), pdfTrailer(expected)), `chunks of ${size}`).toBe(true);
  });

  it('refuses a body that is not a PDF, a PDF of another length, another document and a truncated one', () => {
    const trailer = pdfTrailer(expected);
    expect(samePdf('{"error":"NOT_FOUND"}', trailer)).toBe(false);
    expect(samePdf(pdf(middle, 12, 1300).toString('utf8'), trailer)).toBe(false);
    expect(samePdf(pdf(middle, 13).toString('utf8'), trailer)).toBe(false);
    expect(samePdf(expected.slice(0, -6), trailer)).toBe(false);
    expect(samePdf(expected, '')).toBe(false);
  });
});
