import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redact } from '../../server/log';
import { graphql } from '../gql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { sqlAll, sqlOne } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 3, env: { LOG_LEVEL: 'debug' } });
});
afterAll(async () => {
  await server.close();
});

const ME = graphql(`
  query LogPrivacyMe {
    me {
      svnr
      firstName
      pensionContracts {
        statement {
          totalCapital
        }
      }
    }
  }
`);
const LOGOUT = graphql(`
  mutation LogPrivacyLogout {
    logout {
      ok {
        loggedOut
      }
    }
  }
`);
const FIRST_NAME = graphql(`
  query LogPrivacyFirstName {
    me {
      firstName
    }
  }
`);

describe('personal data in the server log', () => {
  it('masks SVNRs, IBANs, tokens and e-mail addresses in any logged string', () => {
    expect(redact('svnr 1237 010180 and 1237010180')).toBe('svnr [SVNR] and [SVNR]');
    expect(redact('internal R123456789 and a12345678901')).toBe('internal [SVNR] and [SVNR]');
    expect(redact('iban AT61 1904 3002 3457 3201 / AT611904300234573201')).toBe('iban [IBAN] / [IBAN]');
    expect(redact('token ' + 'a'.repeat(43))).toBe('token [TOKEN]');
    expect(redact(`mail ${emailOf('anna')}`)).toBe('mail [EMAIL]');
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
      await client.operation(ME);
      await client.rest('getPersonalData');
      await client.rest('getNewsletterDecisionNecessary');
      for (const token of client.cookies.values()) secrets.add(token);
      await client.operation(LOGOUT);
      await client.operation(FIRST_NAME);
    }
    const anna = await sqlOne<{ svnr: string }>(db, 'SELECT svnr FROM persons WHERE email = ?', emailOf('anna'));
    const iban = (await sqlOne<{ iban: string }>(db, `SELECT iban FROM bank_accounts LIMIT 1`)).iban;
    // A client that logs personal data by mistake, and malformed requests that end in error messages.
    await new PortalClient(server.url).fetch('/rest/log', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ component: 'Profile', level: 'ERROR', msgs: [`svnr ${anna.svnr}`, `iban ${iban}`, `password ${DEMO_PASSWORD}`] }),
    });
    await new PortalClient(server.url).fetch('/rest/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"user":"${anna.svnr}",` });
    // Invalid on purpose (`me` takes no argument): the SVNR must not reach the log through the validation error, so text.
    await new PortalClient(server.url).graphql(`query { me(svnr: "${anna.svnr}") { firstName } }`);

    const log = server.logLines.join('\n');
    expect(server.logLines.length).toBeGreaterThan(10);
    const leaks = [...secrets].filter((s) => log.includes(s));
    expect(leaks).toEqual([]);
    // The client's own message holding the password is the one place it could appear: it must not be logged verbatim.
    expect(log.includes(`password ${DEMO_PASSWORD}`)).toBe(false);
  });
});
