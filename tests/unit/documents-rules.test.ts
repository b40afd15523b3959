import { describe, expect, it } from 'vitest';
import {
  compareNewestFirst,
  contentDisposition,
  countByCategory,
  decodeCursor,
  downloadUrl,
  encodeCursor,
  MAX_PAGE_SIZE,
  pageOfDocuments,
  parseDocumentId,
  type DocumentCategory,
} from '../../server/modules/documents/documents.rules';

type Row = { id: number; category: DocumentCategory; documentDate: string; readAt: string | null };
const row = (id: number, category: DocumentCategory, documentDate: string, read = true): Row => ({
  id,
  category,
  documentDate,
  readAt: read ? '2026-01-01T00:00:00.000Z' : null,
});

const rows: Row[] = [
  row(1, 'PENSION_MODEL_INFO', '2015-04-01'),
  row(2, 'PERFORMANCE_STATEMENT', '2024-12-31'),
  row(3, 'TAX_CONFIRMATION', '2024-12-31'),
  row(4, 'VK_ACCOUNT_STATEMENT', '2024-12-31'),
  row(5, 'PERFORMANCE_STATEMENT', '2025-12-31', false),
  row(6, 'VK_ACCOUNT_STATEMENT', '2025-12-31', false),
  row(7, 'TAX_CONFIRMATION', '2025-12-31'),
];

describe('parseDocumentId', () => {
  it('accepts a plain positive decimal id', () => {
    expect(parseDocumentId('1')).toBe(1);
    expect(parseDocumentId('9007199254740991')).toBe(9007199254740991);
  });

  it('refuses everything else: signs, exponents, hex, leading zeros, spaces, fractions, huge numbers, non-strings', () => {
    for (const raw of ['', '0', '-1', '+1', '1e3', '0x10', '007', ' 1', '1 ', '1.0', 'abc', '9007199254740993', '99999999999999999999', '١٢']) {
      expect(parseDocumentId(raw), JSON.stringify(raw)).toBeNull();
    }
    for (const raw of [1, null, undefined, ['1'], { id: 1 }]) expect(parseDocumentId(raw)).toBeNull();
  });
});

describe('document order, counts and pages', () => {
  it('orders newest first by date, then by id', () => {
    expect([...rows].sort(compareNewestFirst).map((r) => r.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('counts every category once, in a fixed order, with unread counts', () => {
    expect(countByCategory(rows)).toEqual([
      { category: 'TAX_CONFIRMATION', total: 2, unread: 0 },
      { category: 'PERFORMANCE_STATEMENT', total: 2, unread: 1 },
      { category: 'VK_ACCOUNT_STATEMENT', total: 2, unread: 1 },
      { category: 'PAYROLL_ACCOUNT', total: 0, unread: 0 },
      { category: 'PAYMENT_STATEMENT', total: 0, unread: 0 },
      { category: 'PENSION_MODEL_INFO', total: 1, unread: 0 },
      { category: 'CLAIM_CONFIRMATION', total: 0, unread: 0 },
    ]);
  });

  it('cuts pages after the cursor without repeats or gaps', () => {
    const first = pageOfDocuments(rows, { first: 3 });
    if (!first.ok) throw new Error('page refused');
    expect(first.page.nodes.map((r) => r.id)).toEqual([7, 6, 5]);
    expect(first.page).toMatchObject({ totalCount: 7, unreadCount: 2, hasNextPage: true });
    const second = pageOfDocuments(rows, { first: 3, after: first.page.endCursor });
    if (!second.ok) throw new Error('page refused');
    expect(second.page.nodes.map((r) => r.id)).toEqual([4, 3, 2]);
    const third = pageOfDocuments(rows, { first: 3, after: second.page.endCursor });
    if (!third.ok) throw new Error('page refused');
    expect(third.page.nodes.map((r) => r.id)).toEqual([1]);
    expect(third.page.hasNextPage).toBe(false);
    const past = pageOfDocuments(rows, { after: third.page.endCursor });
    expect(past.ok && past.page).toMatchObject({ nodes: [], endCursor: null, hasNextPage: false });
  });

  it('filters by category', () => {
    const page = pageOfDocuments(rows, { category: 'PERFORMANCE_STATEMENT' });
    expect(page.ok && page.page.nodes.map((r) => r.id)).toEqual([5, 2]);
    expect(page.ok && page.page.unreadCount).toBe(1);
  });

  it('refuses a page size outside 1..MAX_PAGE_SIZE and cursors it did not make', () => {
    for (const first of [0, -1, MAX_PAGE_SIZE + 1, 1.5]) expect(pageOfDocuments(rows, { first })).toEqual({ ok: false, error: 'INVALID_FIRST' });
    for (const after of ['', 'abc', 'ZDox', Buffer.from('d:2025-12-31:0').toString('base64url'), Buffer.from('x:2025-12-31:1').toString('base64url'), '!!!']) {
      expect(pageOfDocuments(rows, { after }), after).toEqual({ ok: false, error: 'INVALID_CURSOR' });
    }
  });

  it('round-trips a cursor', () => {
    expect(decodeCursor(encodeCursor({ documentDate: '2024-12-31', id: 42 }))).toEqual({ documentDate: '2024-12-31', id: 42 });
  });
});

describe('download headers', () => {
  it('builds the download URL from the id', () => {
    expect(downloadUrl(17)).toBe('/webportal/download?id=17');
  });

  it('names the file in an ASCII fallback and in UTF-8 (RFC 6266 / 8187)', () => {
    expect(contentDisposition('Leistungsnachweis_2024.pdf')).toBe(`attachment; filename="Leistungsnachweis_2024.pdf"; filename*=UTF-8''Leistungsnachweis_2024.pdf`);
    expect(contentDisposition('Bestätigung_Eigenbeiträge_2024.pdf')).toBe(
      `attachment; filename="Bestaetigung_Eigenbeitraege_2024.pdf"; filename*=UTF-8''Best%C3%A4tigung_Eigenbeitr%C3%A4ge_2024.pdf`,
    );
  });

  it('cannot be broken out of by quotes, semicolons, line breaks or slashes in a name', () => {
    const header = contentDisposition('a"; filename=evil.html\r\nX-Injected: 1/../b\\c.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    const fallback = /filename="([^"]*)"/.exec(header)![1]!;
    expect(fallback).not.toMatch(/["\\/]/);
    const encoded = /filename\*=UTF-8''(.*)$/.exec(header)![1]!;
    expect(encoded).toMatch(/^[A-Za-z0-9%._~!-]+$/);
  });
});
