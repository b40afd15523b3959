import type { Db } from '../../db/client';
import { loadPersistedDocuments } from '../../server/graphql/yoga';
import { cachedOperationHashes } from '../../server/http/response-cache.rules';

/** A request the response cache answers (path and fetch options; the client adds cookie and version marker). */
export interface CachedRequest {
  path: string;
  init: RequestInit;
}

/** The persisted hash (`sha256:<hex>`, as the web app sends it) of the web app's operation `name`. */
function hashOf(name: string): string {
  const [hash] = [...cachedOperationHashes(loadPersistedDocuments(), [name])].filter((h) => h.startsWith('sha256:'));
  if (!hash) throw new Error(`no persisted document for ${name} (run npm run codegen)`);
  return hash;
}

/**
 * Every allow-listed read of the response cache as a client sends it: the dashboard by GET (as the bench does) and by
 * POST (as the web app's Apollo HttpLink does), the documents overview by POST, and REST getPersonalData.
 */
export function cachedRequests(): Record<'dashboardGet' | 'dashboardPost' | 'documentsPost' | 'personalData', CachedRequest> {
  const persisted = (name: string) => ({ persistedQuery: { version: 1, sha256Hash: hashOf(name) } });
  const post = (name: string): CachedRequest => ({
    path: '/graphql',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ operationName: name, variables: {}, extensions: persisted(name) }),
    },
  });
  return {
    dashboardGet: {
      path: `/graphql?operationName=DashboardPage_Query&extensions=${encodeURIComponent(JSON.stringify(persisted('DashboardPage_Query')))}`,
      init: { headers: { accept: 'application/json' } },
    },
    dashboardPost: post('DashboardPage_Query'),
    documentsPost: post('DocumentsOverview_Query'),
    personalData: { path: '/rest/getPersonalData', init: { method: 'POST' } },
  };
}

/** The tables (sorted, each once) the statements run through `db` during `run` read or write. */
export async function tablesRead(db: Db, run: () => Promise<void>): Promise<string[]> {
  const statements: string[] = [];
  const stop = db.watchStatements((s) => statements.push(s.sql));
  try {
    await run();
  } finally {
    stop();
  }
  const tables = statements.flatMap((s) => [...s.matchAll(/\b(?:from|join|update|into)\s+["`]?(\w+)["`]?/gi)].map((m) => m[1]!));
  return [...new Set(tables)].sort();
}
