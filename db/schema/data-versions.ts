import { integer, table, text } from './kit';

/**
 * Data versions for the per-process response cache (server/http/response-cache.ts, decision 0038): one row per
 * person (`person:<id>`) and one for data shared by everyone (`global`). Database triggers (db/data-versions.ts,
 * created by the migration) add 1 on every insert, update and delete of a row the cached answers read, in the
 * writing transaction, so every process of every machine sees a change at its next request. A missing row is
 * version 0.
 */
export const dataVersions = table('data_versions', {
  /** `person:<persons.id>` or `global`. */
  scope: text().primaryKey(),
  /** Count of writes to the scope's data since the row was made. */
  version: integer().notNull(),
});
