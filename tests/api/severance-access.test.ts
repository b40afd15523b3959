import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loginStatusOf, PortalClient } from '../helpers/client';
import { sqlAll, sqlOne, sqlRun } from '../helpers/raw-sql';
import { emailOf, startLoginAs, type Scenario } from '../helpers/scenarios';
import { startTestServer, TEST_TODAY, type TestServer } from '../helpers/test-server';
import { severanceAccessEnded } from '../../server/modules/session/session.rules';

/**
 * Portal access of a severance-only member ends 10 years after the last payout (spec 000 section 9 "account access for
 * 10 years after payout"; decision 0021): the login then answers ERROR_AUSGETRETEN, the catalogue's "no valid
 * contract" (spec 000 section 8). Test persona: bernd (Vorsorgekasse only) with every account closed by a payout on
 * the test day; the server's clock is moved.
 */
const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 1 });
});
afterAll(async () => {
  await server.close();
});

async function loginStatus(scenario: Scenario): Promise<{ status: string; loggedIn: boolean }> {
  const { answer } = await startLoginAs(server, scenario);
  return { status: loginStatusOf(answer)!, loggedIn: answer.ok?.loggedIn ?? false };
}

describe('severance-only access after the last payout', () => {
  it('the rule: no Pensionskasse contract, every account closed, on or after the day 10 years after the last payout', () => {
    const facts = { pensionFund: false, accounts: 2, openAccounts: 0, lastPayout: '2016-03-15' };
    expect(severanceAccessEnded(facts, '2026-03-14')).toBe(false);
    expect(severanceAccessEnded(facts, '2026-03-15')).toBe(true);
    expect(severanceAccessEnded({ ...facts, openAccounts: 1 }, '2030-01-01')).toBe(false);
    expect(severanceAccessEnded({ ...facts, pensionFund: true }, '2030-01-01')).toBe(false);
    expect(severanceAccessEnded({ ...facts, lastPayout: null }, '2030-01-01')).toBe(false);
    expect(severanceAccessEnded({ ...facts, accounts: 0 }, '2030-01-01')).toBe(false);
  });

  it('bernd logs in until the day before, and gets ERROR_AUSGETRETEN (no session) from the day 10 years after his payout', async () => {
    const email = emailOf('bernd');
    const db = server.db;
    const personId = (await sqlOne<{ id: number }>(db, 'SELECT id FROM persons WHERE email = ?', email)).id;
    const accounts = await sqlAll<{ id: number }>(db, 'SELECT id FROM vk_accounts WHERE person_id = ?', personId);
    expect(accounts.length).toBeGreaterThan(0);
    // Before: open accounts, the rule does not apply.
    expect((await loginStatus('bernd')).loggedIn).toBe(true);

    await sqlRun(db, "UPDATE vk_accounts SET status = 'CLOSED' WHERE person_id = ?", personId);
    const insert = `INSERT INTO severance_claims (person_id, account_id, option, status, submitted_at, definite_date) VALUES (?, ?, 'PAYOUT', 'POST_TRANSFER', ?, ?)`;
    for (const account of accounts) await sqlRun(db, insert, personId, account.id, `${TEST_TODAY}T08:00:00.000Z`, TEST_TODAY);

    expect((await loginStatus('bernd')).loggedIn).toBe(true);
    const tenYearsLater = Date.parse(`${Number(TEST_TODAY.slice(0, 4)) + 10}${TEST_TODAY.slice(4)}T09:00:00Z`);
    server.clock.advance(tenYearsLater - DAY - server.clock.now());
    expect((await loginStatus('bernd')).loggedIn).toBe(true);
    server.clock.advance(DAY);
    expect(await loginStatus('bernd')).toEqual({ status: 'ERROR_AUSGETRETEN', loggedIn: false });
    // The legacy REST door answers the same.
    const rest = await new PortalClient(server.url).rest('login', { user: email, password: DEMO_PASSWORD, entryViaQrCode: 'false' });
    expect(rest.json).toEqual({ status: 'ERROR_AUSGETRETEN' });
  });
});
