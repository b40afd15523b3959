import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../db/client';
import { createFundTestClient, type FundTestClient } from './fund-client';
import { countRows, sqlOne, sqlValue } from './raw-sql';
import { emailOf } from './scenarios';
import { startTestServer, type TestServer } from './test-server';
import { minimalPdf } from '../api/fund-import-operations';

/**
 * The shared setup and steps of the fund's import suites (fund-import.test.ts, fund-member-upsert.test.ts; decision
 * 0057): a server with two members on 20 January 2027, a letters folder, a fund client with documents:write
 * members:write events:read, and the footprint a repeat or a refusal must leave unchanged.
 */

/** Today of these tests: 20 January 2027, so the Stichtag 31.12.2026 lies in the past. */
export const TODAY_MS = Date.parse('2027-01-20T09:00:00Z');

export interface ImportAnswer {
  importStatement: {
    ok: { personId: number; fund: string; contractNumber: string; stichtag: string; statementId: string; documentId: string | null; notice: string; pdfSha256: string } | null;
    error: { code: string; message: string; field: string | null } | null;
  };
}

export interface UpsertAnswer {
  upsertMember: {
    ok: { personId: number; svnr: string; created: boolean; changed: boolean; registrationLetterQueued: boolean } | null;
    error: { code: string; field: string | null } | null;
  };
}

export const MEMBER_VIEW = `{
  me {
    pensionContracts { contractNumber stichtage statement(stichtag: "2026-12-31") { stichtag reserve fluctuationReserve totalCapital employerContributions employeeContributions premium108a investmentResult costs shortfall projectedYearlyPension balanceChange { opening closing firstStatement steps { kind amount } } } }
    documents(category: PERFORMANCE_STATEMENT, first: 5) { nodes { id title documentDate fileName downloadUrl } }
  }
}`;

/**
 * The row counts of everything a statement import or a member upsert writes (decision 0057), by table, with `mails`
 * the queued and sent mails together: a queued mail is sent (outbox row deleted, sent_mails row written) as soon as
 * its transaction committed, so one query counts both and a mail sent between two counts is not counted twice. A
 * repeat or a refusal must leave all of it unchanged.
 */
export async function importFootprint(db: Db): Promise<Record<string, number>> {
  const tables = [
    'persons',
    'pk_contracts',
    'vk_accounts',
    'employers',
    'pk_statements',
    'vk_statements',
    'documents',
    'document_files',
    'fund_events',
    'registration_codes',
    'idempotency_keys',
  ];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, Number(await countRows(db, t))] as const)));
  return { ...counts, mails: Number(await sqlValue(db, 'SELECT (SELECT count(*) FROM mail_outbox) + (SELECT count(*) FROM sent_mails) AS n')) };
}

/** Registers the suite's server (beforeAll/afterAll) and returns its state and steps, shared by the suites split from one file. */
export function importSuite() {
  /**
   * Statements and members in through the fund's API (decision 0057), on the engine of the run: an imported statement
   * reaches the member's account information, dashboard and documents at once (through the response cache, decision
   * 0038) with the figures to the cent and the PDF as sent, the notice goes by delivery choice, a repeat changes nothing,
   * every refusal changes nothing; upsertMember creates and updates a person with one registration letter.
   */
  const live = {} as { server: TestServer; fund: FundTestClient; lettersDir: string };

  beforeAll(async () => {
    live.lettersDir = mkdtempSync(join(tmpdir(), 'fund-import-letters-'));
    live.server = await startTestServer({ members: 2, background: false, env: { LETTERS_DIR: live.lettersDir, FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
    live.server.clock.set(TODAY_MS);
    live.fund = await createFundTestClient(live.server, 'documents:write members:write events:read');
  });

  afterAll(async () => {
    await live.server.close();
    rmSync(live.lettersDir, { recursive: true, force: true });
  });

  /** The latest PK statement of a scenario's persona, with the contract and the person. */
  async function latestPk(scenario: 'anna' | 'clara' | 'rosa') {
    return sqlOne<{ personId: number; svnr: string; contractNumber: string; stichtag: string; total: number }>(
      live.server.db,
      `SELECT p.id AS "personId", p.svnr AS svnr, c.contract_number AS "contractNumber", s.stichtag AS stichtag, s.total_capital_cents AS total
         FROM persons p JOIN pk_contracts c ON c.person_id = p.id JOIN pk_statements s ON s.contract_id = c.id
        WHERE p.email = ? ORDER BY s.stichtag DESC, c.id LIMIT 1`,
      emailOf(scenario),
    );
  }

  /** What an import or upsert may write, counted: a repeat or a refusal must leave all of it unchanged. */
  const footprint = () => importFootprint(live.server.db);

  function importInput<T extends Record<string, unknown>>(over: T) {
    return { idempotencyKey: `import-${Math.random().toString(36).slice(2)}-key`, fund: 'PK', stichtag: '2026-12-31', pdf: minimalPdf().toString('base64'), ...over };
  }

  return Object.assign(live, {
    latestPk,
    footprint,
    importInput,
  });
}
