import type { Dialect } from './schema/kit';

/**
 * Which data version (db/schema/data-versions.ts) a write to each table bumps, for the response cache's validity
 * across processes (decision 0038). Every table an allow-listed cached answer reads is listed here, with the SQL
 * expressions of the scopes a row `r` (`NEW` or `OLD`) belongs to; an expression that is NULL bumps nothing.
 * - a row of one person, directly (`person_id`) or through one lookup (a statement → its contract → the person);
 * - `global` for data shared by everyone (employers, VRGs) and for a message of a customer's shared mailbox (ASP),
 *   which every contact person of that customer sees.
 * The migration creates the triggers from this list (`dataVersionTriggers`); tests/api/response-cache-guard.test.ts
 * fails when an allow-listed answer reads a table missing here, or the database lacks a listed table's triggers.
 */
type ScopeOf = (r: 'NEW' | 'OLD') => string;

const person =
  (column: string): ScopeOf =>
  (r) =>
    `'person:' || ${r}.${column}`;
const personThrough =
  (parent: string, foreignKey: string): ScopeOf =>
  (r) =>
    `(SELECT 'person:' || person_id FROM ${parent} WHERE id = ${r}.${foreignKey})`;
const global: ScopeOf = () => `'global'`;

export const VERSIONED_TABLES: Readonly<Record<string, readonly ScopeOf[]>> = {
  persons: [person('id')],
  bank_accounts: [person('person_id')],
  contact_duties: [person('person_id')],
  documents: [person('person_id')],
  messages: [person('person_id'), (r) => `CASE WHEN ${r}.customer_designation IS NOT NULL THEN 'global' END`],
  pk_contracts: [person('person_id')],
  pk_statements: [personThrough('pk_contracts', 'contract_id')],
  severance_claims: [person('person_id')],
  supervisory_board_seats: [person('person_id')],
  vk_accounts: [person('person_id')],
  vk_statements: [personThrough('vk_accounts', 'account_id')],
  employers: [global],
  vrgs: [global],
};

/**
 * Tables the cached answers read that carry no version triggers, and why: the session row is read and checked on
 * every request before the cache is asked (its time-outs and logout apply as without the cache), and the fields of
 * it that change what a person sees (mailbox type, selected duty, stage) are part of the cache key.
 */
export const UNVERSIONED_READS: Readonly<Record<string, string>> = {
  sessions: 'checked on every request; mailbox type, selected duty and stage are in the key',
  data_versions: 'the versions themselves',
  merge_requests:
    "written by a member's merge request, whose confirmation (documents and messages rows of the same person, applications service) bumps that person's version in the same request, and by the fund's resolution (decision 0055), which posts the member an inbox message in the same transaction",
};

/** The statements (one per element) that create the version triggers of every table in `VERSIONED_TABLES`. */
export function dataVersionTriggers(dialect: Dialect): string[] {
  return dialect === 'sqlite' ? sqliteTriggers() : postgresTriggers();
}

function sqliteTriggers(): string[] {
  const bump = (scope: string) =>
    `INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT ${scope} AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1;`;
  const out: string[] = [];
  for (const [table, scopes] of Object.entries(VERSIONED_TABLES)) {
    const rows = { insert: ['NEW'], update: ['NEW', 'OLD'], delete: ['OLD'] } as const;
    for (const [op, refs] of Object.entries(rows)) {
      const body = refs.flatMap((r) => scopes.map((scope) => bump(scope(r)))).join(' ');
      out.push(`CREATE TRIGGER data_versions_${table}_${op} AFTER ${op.toUpperCase()} ON ${table} FOR EACH ROW BEGIN ${body} END;`);
    }
  }
  return out;
}

function postgresTriggers(): string[] {
  const out = [
    `CREATE FUNCTION data_versions_bump(s text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN IF s IS NOT NULL THEN INSERT INTO data_versions (scope, version) VALUES (s, 1) ON CONFLICT (scope) DO UPDATE SET version = data_versions.version + 1; END IF; END $$;`,
  ];
  for (const [table, scopes] of Object.entries(VERSIONED_TABLES)) {
    const performs = (r: 'NEW' | 'OLD') => scopes.map((scope) => `PERFORM data_versions_bump(${scope(r)});`).join(' ');
    out.push(
      `CREATE FUNCTION data_versions_${table}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN ${performs('NEW')} END IF; IF TG_OP <> 'INSERT' THEN ${performs('OLD')} END IF; RETURN NULL; END $$;`,
      `CREATE TRIGGER data_versions_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION data_versions_${table}();`,
    );
  }
  return out;
}
