/**
 * Pure rules of the documents archive (spec 001 section 2 "Documents": overview, tax-office confirmations for own
 * contributions, performance statements, payroll accounts, payment statements, pension model information).
 */
import { DOCUMENT_CATEGORIES, type DocumentRow } from '../../../db/schema';

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** Path of the download route; the answer is the PDF of one document of the session's person. */
export const DOWNLOAD_PATH = '/webportal/download';

/** Page size of `Person.documents` when `first` is omitted, and the largest page a client may ask for. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** Largest document id the portal accepts (SQLite rowids are 64-bit; ids beyond 2^53 cannot be exact in JS). */
const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * The document id of a request (`?id=` of the download route, `ID` argument of GraphQL): a decimal integer 1..2^53-1
 * without sign, leading zeros, exponent, spaces or fraction. Anything else (`abc`, `-1`, `1e3`, `0x10`, `007`,
 * `99999999999999999999`, an array from a repeated parameter) gives null, which callers answer like an unknown id.
 */
export function parseDocumentId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id <= MAX_ID ? id : null;
}

/** The download URL of a document; the web app appends `&lng=de`. */
export function downloadUrl(id: number): string {
  return `${DOWNLOAD_PATH}?id=${id}`;
}

/** True while the member has neither downloaded nor marked the document read. */
export function isUnread(row: Pick<DocumentRow, 'readAt'>): boolean {
  return row.readAt === null;
}

/** Newest first: by document date, then by id (later insert first). The order of `Person.documents`. */
export function compareNewestFirst(a: Pick<DocumentRow, 'documentDate' | 'id'>, b: Pick<DocumentRow, 'documentDate' | 'id'>): number {
  if (a.documentDate !== b.documentDate) return a.documentDate < b.documentDate ? 1 : -1;
  return b.id - a.id;
}

/** Number of documents and unread documents of one category. */
export interface DocumentCount {
  category: DocumentCategory;
  total: number;
  unread: number;
}

/** Counts per category, one entry for every category in the order of DOCUMENT_CATEGORIES (zero counts included). */
export function countByCategory(rows: readonly Pick<DocumentRow, 'category' | 'readAt'>[]): DocumentCount[] {
  const counts = new Map<DocumentCategory, { category: DocumentCategory; total: number; read: number }>();
  for (const row of rows) {
    const count = counts.get(row.category) ?? { category: row.category, total: 0, read: 0 };
    count.total++;
    if (!isUnread(row)) count.read++;
    counts.set(row.category, count);
  }
  return countsInOrder([...counts.values()]);
}

/**
 * Every category once, in the order of DOCUMENT_CATEGORIES, from the totals and read counts of the categories that
 * have documents (a `GROUP BY category`); missing categories count 0.
 */
export function countsInOrder(grouped: readonly { category: DocumentCategory; total: number; read: number }[]): DocumentCount[] {
  return DOCUMENT_CATEGORIES.map((category) => {
    const found = grouped.find((g) => g.category === category);
    return { category, total: found?.total ?? 0, unread: found ? found.total - found.read : 0 };
  });
}

/** Position of a page boundary in the newest-first order: the last document of the previous page. */
interface Cursor {
  documentDate: string;
  id: number;
}

/** Opaque cursor of a document (base64url of `d:<documentDate>:<id>`). */
export function encodeCursor(row: Pick<DocumentRow, 'documentDate' | 'id'>): string {
  return Buffer.from(`d:${row.documentDate}:${row.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this server made. */
export function decodeCursor(cursor: string): Cursor | null {
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const m = /^d:(\d{4}-\d{2}-\d{2}):([1-9]\d{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) return null;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) ? { documentDate: m[1]!, id } : null;
}

/** One page of documents (newest first) with the cursor of its last entry. */
export interface DocumentPage<R> {
  nodes: R[];
  /** Documents of the chosen category (or all) in total, independent of the page. */
  totalCount: number;
  /** Unread documents of the chosen category (or all). */
  unreadCount: number;
  /** Cursor of the last node; pass it as `after` for the next page. Null for an empty page. */
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Why a page request was refused: `first` outside 1..MAX_PAGE_SIZE, or an `after` cursor this server did not make. */
export type PageError = 'INVALID_FIRST' | 'INVALID_CURSOR';

/** A checked page request: the category (null: all), the page size and the position to continue after. */
export interface PageRequest {
  category: DocumentCategory | null;
  first: number;
  cursor: Cursor | null;
}

/** Checks the arguments of a page (`first` defaults to DEFAULT_PAGE_SIZE, 1..MAX_PAGE_SIZE; `after` a cursor this server made). */
export function parsePageRequest(options: {
  category?: DocumentCategory | null;
  first?: number | null;
  after?: string | null;
}): { ok: true; request: PageRequest } | { ok: false; error: PageError } {
  const first = options.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) return { ok: false, error: 'INVALID_FIRST' };
  let cursor: Cursor | null = null;
  if (options.after !== undefined && options.after !== null) {
    cursor = decodeCursor(options.after);
    if (!cursor) return { ok: false, error: 'INVALID_CURSOR' };
  }
  return { ok: true, request: { category: options.category ?? null, first, cursor } };
}

/**
 * The page made of `rest` (the matching documents after the cursor, newest first; at least `first + 1` of them when
 * more follow) with the totals of the category (or of all): the first `first` of them as nodes.
 */
export function pageFrom<R extends Pick<DocumentRow, 'documentDate' | 'id'>>(rest: readonly R[], first: number, counts: { total: number; unread: number }): DocumentPage<R> {
  const nodes = rest.slice(0, first);
  const last = nodes.at(-1);
  return { nodes, totalCount: counts.total, unreadCount: counts.unread, endCursor: last ? encodeCursor(last) : null, hasNextPage: rest.length > nodes.length };
}

/**
 * Filters `rows` by `category` (all when null/undefined), orders them newest first and cuts the page after the
 * `after` cursor (keyset: documents strictly older than the cursor's position, so a page never repeats or skips a
 * document when others are read meanwhile). `first` defaults to DEFAULT_PAGE_SIZE. The in-memory statement of what
 * the store's page query answers (the service reads only the page's rows and the counts).
 */
export function pageOfDocuments<R extends Pick<DocumentRow, 'category' | 'documentDate' | 'id' | 'readAt'>>(
  rows: readonly R[],
  options: { category?: DocumentCategory | null; first?: number | null; after?: string | null },
): { ok: true; page: DocumentPage<R> } | { ok: false; error: PageError } {
  const parsed = parsePageRequest(options);
  if (!parsed.ok) return parsed;
  const { category, first, cursor } = parsed.request;
  const matching = (category === null ? [...rows] : rows.filter((r) => r.category === category)).sort(compareNewestFirst);
  const from = cursor === null ? 0 : matching.findIndex((r) => compareNewestFirst(r, cursor) > 0);
  const rest = from === -1 ? [] : matching.slice(from);
  return { ok: true, page: pageFrom(rest, first, { total: matching.length, unread: matching.filter(isUnread).length }) };
}
/** Replaces what may not stand in a quoted-string file name (non-ASCII, quotes, backslashes, controls). */
function asciiFileName(fileName: string): string {
  const folded = fileName
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return folded.replace(/[^\x20-\x7e]|["\\]/g, '_').replace(/[/]/g, '_') || 'Dokument.pdf';
}

/**
 * `Content-Disposition` of a download (RFC 6266 with RFC 8187): `attachment; filename="<ASCII fallback>";
 * filename*=UTF-8''<percent-encoded UTF-8 name>`. Umlauts fold to ae/oe/ue/ss in the fallback, other non-ASCII
 * characters, quotes, backslashes and slashes become `_`, so the header can never be broken out of.
 */
export function contentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName.replace(/[/\\]/g, '_')).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encoded}`;
}
