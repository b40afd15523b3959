import type { IncomingMessage, ServerResponse } from 'node:http';
import { Kind, parse, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode, type SelectionNode } from 'graphql';
import { isoDateVienna } from '@contract/dates';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { FUND_READ_SCOPE } from '../../../db/fund-read-version';
import { preparedRead } from '../../../db/prepared';
import { dataVersions } from '../../../db/schema';
import { captureAnswer } from '../../http/response-cache';
import type { FundPrincipal } from '../access/scopes';

/**
 * The fields a memoised answer may select (decision 0060), as `Type.field`: the work list `claims` and what it shows
 * of each claim. Their answers depend only on rows of `FUND_READ_TABLES` (db/fund-read-version.ts), the principal's
 * scopes and the Vienna date (`daysLeft`). Left out on purpose: `FundClaimDocument.downloadUrl` and `expiresAt`,
 * signed links that expire 5 minutes after the read (decision 0056). A document selecting any other field (or a
 * mutation) is never memoised.
 */
const MEMO_FIELDS = new Set([
  'Query.claims',
  ...['edges', 'pageInfo'].map((f) => `FundClaimConnection.${f}`),
  ...['cursor', 'node'].map((f) => `FundClaimEdge.${f}`),
  ...['endCursor', 'hasNextPage'].map((f) => `PageInfo.${f}`),
  ...[
    'id',
    'status',
    'option',
    'member',
    'accountNumber',
    'payoutType',
    'bank',
    'institution',
    'cashOrderAddress',
    'entitlement',
    'tax',
    'cashOrderCost',
    'submittedAt',
    'dueDate',
    'daysLeft',
    'definiteDate',
    'statusChangedAt',
    'documents',
    'signatureKind',
    'signatureName',
  ].map((f) => `FundClaim.${f}`),
  ...['personId', 'svnr', 'titlePrefix', 'firstName', 'lastName', 'titleSuffix', 'address'].map((f) => `FundClaimMember.${f}`),
  ...['street', 'postcode', 'city', 'country'].map((f) => `FundAddress.${f}`),
  ...['iban', 'bic', 'holder'].map((f) => `FundClaimBank.${f}`),
  ...['name', 'policyNumber'].map((f) => `FundClaimInstitution.${f}`),
  ...['id', 'kind', 'fileName', 'contentType', 'size'].map((f) => `FundClaimDocument.${f}`),
]);

/** Entries kept per process, and their bytes at most (an entry of the bench's page is about 60 KB). */
export const FUND_READ_MEMO_MAX_ENTRIES = 256;
export const FUND_READ_MEMO_MAX_BYTES = 32 * 1024 * 1024;
/** Larger request bodies are not looked at (a memoisable document is a query of a few KB). */
const MAX_BODY_BYTES = 64 * 1024;
/** Documents whose memoisability is kept (a map from the query text and operation name). */
const MAX_DOCUMENTS = 256;

/** A stored answer: what the normal path wrote, with the data version read before it ran. */
interface MemoEntry {
  version: number;
  status: number;
  headers: string[];
  body: Buffer;
}

/**
 * True when the operation `operationName` (or the only one) of `query` is a query that selects only `MEMO_FIELDS`
 * (`__typename` anywhere); false for anything else, a text that does not parse included (Yoga answers it).
 */
export function isMemoisable(schema: GraphQLSchema, query: string, operationName: string | null): boolean {
  let document;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return false;
  }
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = operationName ? operations.filter((o) => o.name?.value === operationName) : operations;
  if (chosen.length !== 1 || chosen[0]!.operation !== 'query') return false;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  // Walked by type names (the schema's objects come from another module instance than this file's `graphql`, so no
  // TypeInfo: fund-schema.ts `scopesNeeded` walks the same way). A fragment is walked once per type it is spread in.
  const seen = new Set<string>();
  const walk = (typeName: string, selections: readonly SelectionNode[]): boolean =>
    selections.every((selection) => {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === '__typename') return true;
        if (!MEMO_FIELDS.has(`${typeName}.${selection.name.value}`)) return false;
        const type = schema.getType(typeName) as { getFields?: () => Record<string, { type: unknown }> } | undefined;
        let fieldType = type?.getFields?.()[selection.name.value]?.type as { ofType?: unknown; name?: string } | undefined;
        if (!fieldType) return false;
        while (fieldType.ofType) fieldType = fieldType.ofType as { ofType?: unknown; name?: string };
        return !selection.selectionSet || walk(fieldType.name ?? '', selection.selectionSet.selections);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition?.name.value ?? typeName;
        return on === typeName && walk(on, selection.selectionSet.selections);
      }
      const fragment = fragments.get(selection.name.value);
      if (!fragment || fragment.typeCondition.name.value !== typeName) return false;
      const key = `${typeName} ${fragment.name.value}`;
      if (seen.has(key)) return true;
      seen.add(key);
      return walk(typeName, fragment.selectionSet.selections);
    });
  const ok = walk('Query', chosen[0]!.selectionSet.selections);
  return ok;
}

/** Reads a request body of a declared length within `MAX_BODY_BYTES`. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolveBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The outcome of `lookup` for a request it did not answer: run the normal path with `body` and call `record`. */
export interface FundMemoMiss {
  body: Buffer;
  record?: (res: ServerResponse) => void;
}

/**
 * The fund endpoint's per-process memo of reads of the work list (decision 0060), for machine clients only (a staff
 * read always runs, so the staff audit records it, decision 0054).
 *
 * Key: the client id, its scopes, the public origin, the Vienna date, `Accept` and the request body bytes (query,
 * operation name and variables). Validity: the `fund-read` data version (db/fund-read-version.ts), read by one prepared
 * query before the answer is computed; a hit needs it unchanged. Every change to a table the answer reads bumps it in
 * the writing transaction, whichever process writes, so a change committed before a read is seen by that read, and an
 * answer computed while a write commits is stored under the version before it and never served again. Stored: status
 * 200 answers without `errors`, bounded by `FUND_READ_MEMO_MAX_ENTRIES` and `FUND_READ_MEMO_MAX_BYTES` (least
 * recently used out first).
 */
export function createFundReadMemo(db: Db, schema: GraphQLSchema, clock: { now(): number }) {
  const entries = new Map<string, MemoEntry>();
  let bytes = 0;
  const documents = new Map<string, boolean>();
  const versionRead = preparedRead('fund_read_version', () => db.select({ version: dataVersions.version }).from(dataVersions).where(eq(dataVersions.scope, FUND_READ_SCOPE)));

  const memoisable = (query: string, operationName: string | null): boolean => {
    const key = `${operationName ?? ''}\n${query}`;
    let known = documents.get(key);
    if (known === undefined) {
      known = isMemoisable(schema, query, operationName);
      if (documents.size >= MAX_DOCUMENTS) documents.clear();
      documents.set(key, known);
    }
    return known;
  };

  const store = (key: string, entry: MemoEntry) => {
    const size = entry.body.length + key.length;
    if (size > FUND_READ_MEMO_MAX_BYTES) return;
    const old = entries.get(key);
    if (old) {
      bytes -= old.body.length + key.length;
      entries.delete(key);
    }
    while (entries.size > 0 && (entries.size >= FUND_READ_MEMO_MAX_ENTRIES || bytes + size > FUND_READ_MEMO_MAX_BYTES)) {
      const [oldest, e] = entries.entries().next().value as [string, MemoEntry];
      bytes -= e.body.length + oldest.length;
      entries.delete(oldest);
    }
    entries.set(key, entry);
    bytes += size;
  };

  return {
    /**
     * Answers a memoised read of a machine client, or says how to run the normal path: null (not a candidate,
     * nothing read), or a `FundMemoMiss` with the body read here and, when the answer may be stored, `record`.
     * A failing version read takes the normal path, which answers the database's error as without the memo.
     */
    async lookup(req: IncomingMessage, res: ServerResponse, principal: FundPrincipal, origin: string): Promise<'hit' | FundMemoMiss | null> {
      if (principal.kind !== 'client' || req.method !== 'POST') return null;
      const length = req.headers['content-length'];
      const type = req.headers['content-type'] ?? '';
      if (length === undefined || !/^\d+$/.test(length) || Number(length) > MAX_BODY_BYTES || !type.startsWith('application/json')) return null;
      const body = await readBody(req);
      let request: { query?: unknown; operationName?: unknown };
      try {
        request = JSON.parse(body.toString('utf8')) as typeof request;
      } catch {
        return { body };
      }
      if (request === null || typeof request !== 'object' || typeof request.query !== 'string') return { body };
      const operationName = typeof request.operationName === 'string' ? request.operationName : null;
      if (!memoisable(request.query, operationName)) return { body };
      const scopes = [...principal.scopes].sort().join(' ');
      const key = [principal.clientId, scopes, origin, isoDateVienna(clock.now()), req.headers.accept ?? '', type, body.toString('latin1')].join('\n');
      let version: number;
      try {
        const [row] = await versionRead().execute();
        version = Number(row?.version ?? 0);
      } catch {
        return { body };
      }
      const hit = entries.get(key);
      if (hit && hit.version === version) {
        // Least recently used first out: a hit moves to the end.
        entries.delete(key);
        entries.set(key, hit);
        res.writeHead(hit.status, [...hit.headers, 'Content-Length', String(hit.body.length)]).end(hit.body);
        return 'hit';
      }
      return {
        body,
        record: (target) =>
          captureAnswer(target, (answer) => {
            if (answer.status !== 200 || answer.body.includes('"errors"')) return;
            const headers = answer.names.flatMap((name) => {
              const lower = name.toLowerCase();
              const value = answer.headers[lower];
              if (lower === 'content-length' || lower === 'set-cookie' || value === undefined) return [];
              return (Array.isArray(value) ? value : [value]).flatMap((v) => [name, String(v)]);
            });
            store(key, { version, status: answer.status, headers, body: answer.body });
          }),
      };
    },
  };
}
