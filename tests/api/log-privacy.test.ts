import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redact } from '../../server/log';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { sqlAll, sqlOne } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 3, env: { LOG_LEVEL: 'debug' } });
});
afterAll(async () => {
  await server.close();
});

describe('personal data in the server log', () => {
  it('masks SVNRs, IBANs, tokens and e-mail addresses in any logged string', () => {
    expect(redact('svnr 1237 010180 and 1237010180')).toBe('svnr [SVNR] and [SVNR]');
    expect(redact('internal R123456789 and a12345678901')).toBe('internal [SVNR] and [SVNR]');
    expect(redact('iban AT61 1904 3002 3457 3201 / AT611904300234573201')).toBe('iban [IBAN] / [IBAN]');
    expect(redact('token ' + 'a'.repeat(43))).toBe('token [TOKEN]');
    expect(redact('mail anna.muster@example.at')).toBe('mail [EMAIL]');
    expect(redact('Passwort: geheim123 / pwd=x')).toBe('Passwort: [SECRET] / pwd=[SECRET]');
  });

  // About 25 logins with their requests: longer than the default timeout on PostgreSQL on the shared 2-core machine.
  it('holds no SVNR, IBAN, password or session id after a full run of logins, flows, errors and client logs', { timeout: 120_000 }, async () => {
    const db = server.db;
    const secrets = new Set<string>([DEMO_PASSWORD, 'wrong-password-123']);
    for (const row of await sqlAll<{ svnr: string }>(db, `SELECT svnr FROM persons`)) secrets.add(row.svnr);
    for (const row of await sqlAll<{ iban: string }>(db, `SELECT iban FROM bank_accounts`)) secrets.add(row.iban);

    const emails = (await sqlAll<{ email: string }>(db, `SELECT email FROM persons WHERE email IS NOT NULL`)).map((r) => r.email);
    for (const email of emails) {
      const client = new PortalClient(server.url);
      await client.rest('login', { user: email, password: 'wrong-password-123' });
      await client.rest('login', { user: email, password: DEMO_PASSWORD });
      await client.graphql(`{ me { svnr firstName pensionContracts { statement { totalCapital } } } }`);
      await client.rest('getPersonalData');
      await client.rest('getNewsletterDecisionNecessary');
      for (const token of client.cookies.values()) secrets.add(token);
      await client.graphql(`mutation { logout { ok { loggedOut } } }`);
      await client.graphql(`{ me { firstName } }`);
    }
    const anna = await sqlOne<{ svnr: string }>(db, `SELECT svnr FROM persons WHERE email = 'anna.muster@example.at'`);
    const iban = (await sqlOne<{ iban: string }>(db, `SELECT iban FROM bank_accounts LIMIT 1`)).iban;
    // A client that logs personal data by mistake, and malformed requests that end in error messages.
    await new PortalClient(server.url).fetch('/rest/log', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ component: 'Profile', level: 'ERROR', msgs: [`svnr ${anna.svnr}`, `iban ${iban}`, `password ${DEMO_PASSWORD}`] }),
    });
    await new PortalClient(server.url).fetch('/rest/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"user":"${anna.svnr}",` });
    await new PortalClient(server.url).graphql(`query { me(svnr: "${anna.svnr}") { firstName } }`);

    const log = server.logLines.join('\n');
    expect(server.logLines.length).toBeGreaterThan(10);
    const leaks = [...secrets].filter((s) => log.includes(s));
    expect(leaks).toEqual([]);
    // The client's own message holding the password is the one place it could appear: it must not be logged verbatim.
    expect(log.includes(`password ${DEMO_PASSWORD}`)).toBe(false);
  });
});
