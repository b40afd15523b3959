import fc from 'fast-check';
import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printFundSchema } from '../../server/fund/graphql/print-fund-schema';
import { IMPORT_STATEMENT, minimalPdf, newMemberInput, pkFiguresAfter, UPSERT_MEMBER } from '../api/fund-import-operations';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { importFootprint } from '../helpers/fund-import-suite';
import { sqlOne } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { LEAK } from './graphql-operations';
import { bodyText, variablesFor } from './graphql-variables';

/**
 * Hostile input for the fund's statement and member import on /fund/graphql (decision 0057): generated variables of
 * the operations' declared types with hostile content (wrong types, 70 KB strings, NUL and bidi characters, SQL and HTML
 * in strings, impossible dates, unknown enum values, deep nesting), and hand-picked cases with another member's
 * contract, unknown numbers and wrong shapes. Pass: no 5xx, no stack trace or path in the answer, every answer a
 * GraphQL error or a refusal with a code, and nothing written.
 */
const RUNS = Number(process.env.FUZZ_GRAPHQL_RUNS ?? 300);

let server: TestServer;
let fund: FundTestClient;

beforeAll(async () => {
  server = await startTestServer({ members: 1, background: false, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
  fund = await createFundTestClient(server, 'documents:write members:write');
});
afterAll(async () => {
  await server.close();
});

/** The row counts of everything an import or an upsert writes. */
const footprint = () => importFootprint(server.db);

/** POSTs a raw JSON body to /fund/graphql with the client's token; status and text. */
async function post(body: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}/fund/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json', Authorization: `Bearer ${fund.token}` },
    body,
  });
  return { status: res.status, text: await res.text() };
}

/** Checks one answer: no 5xx, no leak, and never an `ok` (nothing may be accepted). */
function expectRefused(name: string, answer: { status: number; text: string }): void {
  expect(answer.status, `${name}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.text, name).not.toMatch(LEAK);
  const json = JSON.parse(answer.text) as { data?: Record<string, { ok: unknown; error: { code: string } | null }> | null; errors?: unknown[] };
  const result = json.data ? Object.values(json.data)[0] : undefined;
  if (result) {
    expect(result.ok, name).toBeNull();
    expect(result.error?.code, name).toMatch(/^[A-Z_]+$/);
  } else {
    expect(json.errors?.length, name).toBeGreaterThan(0);
  }
}

describe('importStatement and upsertMember hostile input', () => {
  it('answers generated hostile variables with an error or a refusal and writes nothing', async () => {
    // The printed schema integrators get, built with this module's graphql: the server's schema object belongs to
    // another module instance.
    const schema = buildSchema(printFundSchema());
    const operations = [IMPORT_STATEMENT, UPSERT_MEMBER].map((text) => ({ text, definition: parse(text).definitions[0] as OperationDefinitionNode }));
    const before = await footprint();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations), fc.nat(), async (operation, seed) => {
        const [variables] = fc.sample(variablesFor(schema, operation.definition), { seed, numRuns: 1 });
        expectRefused(operation.text.slice(0, 30), await post(bodyText({ query: operation.text, variables })));
      }),
      { numRuns: RUNS },
    );
    expect(await footprint()).toEqual(before);
  }, 300_000);

  it('refuses hand-picked hostile cases with a clear code: another member’s contract, unknown numbers, SQL and HTML, huge strings, wrong shapes', async () => {
    const anna = await sqlOne<{ svnr: string; contractNumber: string; total: number }>(
      server.db,
      `SELECT p.svnr AS svnr, c.contract_number AS "contractNumber", s.total_capital_cents AS total
         FROM persons p JOIN pk_contracts c ON c.person_id = p.id JOIN pk_statements s ON s.contract_id = c.id
        WHERE p.email = ? ORDER BY s.stichtag DESC LIMIT 1`,
      emailOf('anna'),
    );
    const clara = await sqlOne<{ contractNumber: string }>(
      server.db,
      'SELECT c.contract_number AS "contractNumber" FROM pk_contracts c JOIN persons p ON p.id = c.person_id WHERE p.email = ? LIMIT 1',
      emailOf('clara'),
    );
    const good = {
      idempotencyKey: 'hostile-input-key-0001',
      svnr: anna.svnr,
      fund: 'PK',
      contractNumber: anna.contractNumber,
      stichtag: '2025-12-31',
      figures: { pk: pkFiguresAfter(Number(anna.total)) },
      pdf: minimalPdf().toString('base64'),
    };
    const imports: [string, unknown, string | null][] = [
      ['another member’s contract', { ...good, contractNumber: clara.contractNumber }, 'CONTRACT_OF_OTHER_PERSON'],
      ['unknown contract', { ...good, contractNumber: 'PK-0000001' }, 'UNKNOWN_CONTRACT'],
      ['SQL in the SVNR', { ...good, svnr: "1237010180' OR '1'='1" }, 'SVNR_INVALID'],
      ['SQL in the number', { ...good, contractNumber: '"; DROP TABLE persons; --' }, 'CONTRACT_NUMBER_INVALID'],
      ['HTML in the number', { ...good, contractNumber: '<img src=x onerror=alert(1)>' }, 'CONTRACT_NUMBER_INVALID'],
      ['70 KB SVNR', { ...good, svnr: '1'.repeat(70_000) }, 'SVNR_INVALID'],
      ['70 KB number', { ...good, contractNumber: 'P'.repeat(70_000) }, 'CONTRACT_NUMBER_INVALID'],
      ['70 KB key', { ...good, idempotencyKey: 'k'.repeat(70_000) }, 'IDEMPOTENCY_KEY_INVALID'],
      ['PDF with a NUL header', { ...good, pdf: Buffer.from('\u0000%PDF-1.4\n%%EOF').toString('base64') }, 'PDF_INVALID'],
      ['figures as a string', { ...good, figures: 'lots' }, null],
      ['figure as a float', { ...good, figures: { pk: { ...good.figures.pk, costsCents: 1.5 } } }, null],
      ['figure above 2^53', { ...good, figures: { pk: { ...good.figures.pk, costsCents: 2 ** 60 } } }, null],
      ['huge figure', { ...good, figures: { pk: { ...good.figures.pk, costsCents: 9_000_000_000_000 } } }, 'FIGURE_OUT_OF_RANGE'],
      ['unknown fund', { ...good, fund: 'XX' }, null],
      ['impossible date', { ...good, stichtag: '2025-02-30' }, null],
      ['extra field', { ...good, personId: 1 }, null],
    ];
    const members: [string, unknown, string | null][] = [
      ['SQL in the name', { ...newMemberInput('1237010180'), lastName: "x'); DELETE FROM persons; --" }, 'NAME_INVALID'],
      ['HTML in the city', { ...newMemberInput('1237010180'), address: { street: 'a', postcode: '1010', city: '<b>Wien</b>', country: 'AT' } }, 'ADDRESS_INVALID'],
      ['70 KB street', { ...newMemberInput('1237010180'), address: { street: 's'.repeat(70_000), postcode: '1010', city: 'Wien', country: 'AT' } }, 'ADDRESS_INVALID'],
      ['bidi override in the name', { ...newMemberInput('1237010180'), firstName: '\u202Eevil' }, 'NAME_INVALID'],
      [
        'another member’s contract',
        { ...newMemberInput('1237010180'), pensionContracts: [{ ...newMemberInput('x').pensionContracts[0], vrg: 1, contractNumber: anna.contractNumber }] },
        null,
      ],
      ['negative lfn', { ...newMemberInput('1237010180'), lfn: -1 }, 'LFN_INVALID'],
      ['lfn above Int', { ...newMemberInput('1237010180'), lfn: 2 ** 40 }, null],
      ['contracts not a list of objects', { ...newMemberInput('1237010180'), pensionContracts: 'all' }, null],
    ];
    const before = await footprint();
    for (const [name, input, code] of imports) {
      const answer = await post(JSON.stringify({ query: IMPORT_STATEMENT, variables: { input } }));
      expectRefused(name, answer);
      if (code) expect([name, (JSON.parse(answer.text) as { data: { importStatement: { error: { code: string } } } }).data.importStatement.error.code]).toEqual([name, code]);
    }
    for (const [name, input, code] of members) {
      const answer = await post(JSON.stringify({ query: UPSERT_MEMBER, variables: { input } }));
      expectRefused(name, answer);
      if (code) expect([name, (JSON.parse(answer.text) as { data: { upsertMember: { error: { code: string } } } }).data.upsertMember.error.code]).toEqual([name, code]);
    }
    expect(await footprint()).toEqual(before);
  });
});
