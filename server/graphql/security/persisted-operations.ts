import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { buildSchema, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { loadTypeDefs } from '../member-sdl';
import transport from '@contract/i18n/de/transport.json';

/**
 * Persisted operations (docs/security.md; OWASP GraphQL cheat sheet): the web
 * app's documents, extracted by codegen into web/src/gql/persisted-documents.json, plus an allow-list of
 * operations registered for integrators. With `persistedOnly` (the default in production) the server runs
 * nothing else. docs/security.md and README ("For integrators") describe how an integrator registers one.
 */

/** Default folder of the integrators' allow-list (GRAPHQL_ALLOW_LIST_DIR), relative to the working directory. */
export const DEFAULT_ALLOW_LIST_DIR = 'config/graphql-operations';

/** `extensions.code` when a document is sent as text where only registered operations run. */
export const PERSISTED_ONLY_CODE = 'PERSISTED_QUERY_ONLY';
/** `extensions.code` when the named hash is neither the web app's nor on the allow-list. */
export const NOT_IN_LIST_CODE = 'PERSISTED_QUERY_NOT_IN_LIST';

/**
 * The key of a document: `sha256:` and the lowercase hex SHA-256 of its exact text (UTF-8), as codegen writes
 * them into persisted-documents.json. For a file that is `sha256sum <file>` with the prefix.
 */
export function documentHash(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/** One operation of the integrators' allow-list. */
export interface AllowListedOperation {
  file: string;
  hash: string;
  document: DocumentNode;
}

/**
 * Reads the allow-list folder: every `*.graphql` file is one document (an operation and the fragments it uses),
 * keyed by the hash of its exact bytes. An absent folder is an empty list. A file that does not parse, holds no
 * operation or is not valid against the schema (the modules' SDL, server/modules/<area>/*.graphql) stops the start with an error naming it, so a
 * broken registration is seen at deploy time, not by the integrator.
 */
export function loadAllowList(dir: string): AllowListedOperation[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort();
  // The SDL built with this module's graphql (the executable schema may come from another build of graphql).
  let schema: GraphQLSchema | undefined;
  return files.map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    let document: DocumentNode;
    try {
      document = parse(text);
    } catch (error) {
      throw new Error(`GraphQL allow-list: ${file} does not parse: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!document.definitions.some((d) => d.kind === 'OperationDefinition')) throw new Error(`GraphQL allow-list: ${file} holds no operation`);
    schema ??= buildSchema(loadTypeDefs().join('\n'));
    const errors = validate(schema, document);
    if (errors.length > 0) throw new Error(`GraphQL allow-list: ${file} is not valid against the schema: ${errors.map((e) => e.message).join('; ')}`);
    return { file, hash: documentHash(text), document };
  });
}

/**
 * The registered documents by key, each also under its bare hex hash (integrators may send either). The web
 * app's come first; an allow-listed document with the same hash is the same text.
 */
export function registeredDocuments(web: Map<string, DocumentNode>, allowList: AllowListedOperation[]): Map<string, DocumentNode> {
  const all = new Map<string, DocumentNode>();
  for (const [hash, document] of web) all.set(hash, document);
  for (const op of allowList) if (!all.has(op.hash)) all.set(op.hash, op.document);
  for (const [hash, document] of [...all]) if (hash.startsWith('sha256:')) all.set(hash.slice('sha256:'.length), document);
  return all;
}

const BAD_REQUEST = { http: { status: 400 } };

/**
 * Yoga plugins for persisted operations. A request names a registered document by
 * `extensions.persistedQuery.sha256Hash` (GET or POST), as the web app does; the documents are parsed once at
 * start. Without `persistedOnly` a document sent as text runs too (development, tests, integrators exploring);
 * with it, text runs only if it is exactly a registered document's text, anything else is refused with
 * PERSISTED_QUERY_ONLY before it is parsed.
 */
export function persistedOperationPlugins(documents: Map<string, DocumentNode>, options: { persistedOnly: boolean }): Plugin[] {
  // Text identical to a registered document is treated as that document (integrators may send their file as is).
  const textAsHash: Plugin = {
    onParams({ params, setParams }) {
      if (!options.persistedOnly || typeof params.query !== 'string') return;
      const hash = documentHash(params.query);
      if (!documents.has(hash)) return;
      const extensions = params.extensions !== null && typeof params.extensions === 'object' ? params.extensions : {};
      setParams({ ...params, query: undefined, extensions: { ...extensions, persistedQuery: { version: 1, sha256Hash: hash } } });
    },
  };
  const persisted = usePersistedOperations({
    allowArbitraryOperations: !options.persistedOnly,
    getPersistedOperation: (hash) => documents.get(hash) ?? null,
    customErrors: {
      persistedQueryOnly: {
        message: transport.persistedOnly,
        extensions: { code: PERSISTED_ONLY_CODE, ...BAD_REQUEST },
      },
      notFound: {
        message: transport.persistedUnknown,
        extensions: { code: NOT_IN_LIST_CODE, ...BAD_REQUEST },
      },
      keyNotFound: {
        message: transport.noOperation,
        extensions: { code: 'BAD_REQUEST', ...BAD_REQUEST },
      },
    },
  }) as Plugin;
  return [textAsHash, persisted];
}
