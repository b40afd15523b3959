import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { severanceClaims } from '../../db/schema';
import { isoInstant } from '../../server/platform/shared/clock';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { sqlAll, sqlValue } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { scalar } from './hostile-bodies';

/**
 * The claims operations of the fund's API (decision 0056) under hostile input: `claims(status, first, after)` and
 * `setClaimStatus(input)` with wrong types, huge strings, unknown and other members' ids, SQL and HTML in the texts,
 * and the claim-file download with forged links. Pass: no 5xx, no stack trace or path, a clear error (a GraphQL error
 * with a code, or a refusal code in the result), and no claim, message or event changed by anything refused.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError|syntax error at/;
const STATUSES = ['NEW', 'CHECKING', 'CHECKED', 'PRE_TRANSFER', 'POST_TRANSFER', 'INFORMATION_NEEDED'];
const SQL_HTML = [
  "1' OR '1'='1",
  "'; DROP TABLE severance_claims; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '1; SELECT * FROM persons',
  '\u0000',
  '../../etc/passwd',
];

let server: TestServer;
let fund: FundTestClient;
let claimId: number;

beforeAll(async () => {
  server = await startTestServer({ members: 2, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000000' } });
  fund = await createFundTestClient(server, 'claims:read claims:write');
  const personId = Number(await sqlValue(server.db, 'SELECT id FROM persons WHERE email = ?', emailOf('anna')));
  const accountId = Number(await sqlValue(server.db, 'SELECT id FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1', personId));
  const [row] = await writeTransaction(server.db, () =>
    server.db
      .insert(severanceClaims)
      .values({ personId, accountId, option: 'PAYOUT', payoutType: 'BANK_TRANSFER', iban: 'AT611904300234573201', status: 'CHECKING', submittedAt: isoInstant(server.clock.now()) })
      .returning({ id: severanceClaims.id }),
  );
  claimId = row!.id;
});
afterAll(async () => {
  await server.close();
});

/** Claims, messages and events as they stand: a refused call must leave them so. */
async function state() {
  return {
    claims: await sqlAll(server.db, 'SELECT id, status, definite_date, status_changed_at FROM severance_claims ORDER BY id'),
    messages: Number(await sqlValue(server.db, 'SELECT count(*) FROM messages')),
    events: Number(await sqlValue(server.db, 'SELECT count(*) FROM fund_events')),
  };
}

const hostileText = fc.oneof(scalar, fc.constantFrom(...SQL_HTML), fc.constant('x'.repeat(200_000)));
const hostileStatus = fc.oneof(fc.constantFrom(...STATUSES), hostileText, fc.array(fc.constantFrom(...STATUSES)));
const SET = 'mutation($input: SetClaimStatusInput!) { setClaimStatus(input: $input) { ok { claim { id status } } error { code message field } } }';

function expectClearAnswer(
  answer: { status: number; body: { data?: unknown; errors?: { message: string; path?: unknown; extensions?: Record<string, unknown> }[] } },
  label: string,
) {
  expect(answer.status, label).toBeLessThan(500);
  expect(JSON.stringify(answer.body), label).not.toMatch(LEAK);
  // A clear error: a message naming the problem (variable coercion errors of GraphQL itself carry only their message;
  // what the resolvers refuse carries a code as well).
  for (const error of answer.body.errors ?? []) {
    expect(error.message.length, label).toBeGreaterThan(0);
    if (error.path) expect(error.extensions?.code, `${label}: ${error.message}`).toEqual(expect.any(String));
  }
  if (!answer.body.errors) expect(answer.body.data, label).toBeTruthy();
}

describe('setClaimStatus hostile input (property-based)', () => {
  it('answers wrong types, huge strings, unknown ids, SQL and HTML with a clear error and changes nothing', async () => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            claimId: fc.oneof(hostileText, fc.constantFrom('999999999', '0', '-1', '1e3', String(Number.MAX_SAFE_INTEGER + 2))),
            status: hostileStatus,
            definiteDate: fc.oneof(hostileText, fc.constantFrom('2026-02-30', '2026-13-01', '99999-01-01', '2026-12-01T00:00:00Z')),
            note: hostileText,
            messageToMember: hostileText,
            reason: hostileText,
          },
          { requiredKeys: [] },
        ),
        async (input) => {
          const answer = await fund.query<{ setClaimStatus: { ok: unknown; error: { code: string } | null } }>(SET, { input });
          const label = JSON.stringify(input).slice(0, 300);
          expectClearAnswer(answer, label);
          // A hostile claim id is never the one claim: whatever else is sent, nothing may change.
          expect(answer.body.data?.setClaimStatus?.ok ?? null, label).toBeNull();
        },
      ),
      { numRuns: RUNS },
    );
    expect(await state()).toEqual(before);
  }, 300_000);

  it('on the real claim, hostile texts and dates are refused with a code or a GraphQL error, and nothing changes', async () => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          status: fc.oneof(fc.constantFrom('NEW', 'PRE_TRANSFER', 'POST_TRANSFER', 'CHECKING'), hostileText),
          definiteDate: fc.oneof(hostileText, fc.constantFrom('2026-02-30', '1900-01-01', '2099-12-31')),
          messageToMember: fc.oneof(fc.constantFrom(...SQL_HTML), fc.constant('x'.repeat(6000))),
        }),
        async (extra) => {
          const answer = await fund.query<{ setClaimStatus: { ok: unknown; error: { code: string } | null } }>(SET, { input: { claimId: String(claimId), ...extra } });
          const label = JSON.stringify(extra).slice(0, 300);
          expectClearAnswer(answer, label);
          if (answer.body.data?.setClaimStatus) expect(answer.body.data.setClaimStatus.error?.code, label).toEqual(expect.any(String));
        },
      ),
      { numRuns: Math.ceil(RUNS / 5) },
    );
    expect(await state()).toEqual(before);
  }, 300_000);
});

describe('claims(status, first, after) hostile input (property-based)', () => {
  it('answers data or BAD_USER_INPUT / validation errors, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ status: hostileStatus, first: fc.oneof(scalar, fc.integer()), after: hostileText }, { requiredKeys: [] }), async (vars) => {
        const answer = await fund.query(
          'query($status: [SeveranceClaimStatus!], $first: Int, $after: String) { claims(status: $status, first: $first, after: $after) { edges { node { id } } } }',
          vars,
        );
        expectClearAnswer(answer, JSON.stringify(vars).slice(0, 300));
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});

describe('GET /fund/claim-file hostile input', () => {
  it('refuses forged, malformed and repeated parameters without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.constantFrom('file', 'exp', 'sig', 'x'),
            hostileText.map((v) => String(v).slice(0, 3000)),
          ),
          { maxLength: 5 },
        ),
        async (pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const res = await fetch(`${server.url}/fund/claim-file?${query}`, { headers: { Authorization: `Bearer ${fund.token}` } });
          const text = await res.text();
          expect([query.slice(0, 200), res.status]).toEqual([query.slice(0, 200), 403]);
          expect(text).not.toMatch(LEAK);
        },
      ),
      { numRuns: Math.ceil(RUNS / 5) },
    );
  }, 300_000);
});
