import { describe, expect, it } from 'vitest';
// The list as the web's settings section reads it.
import { SignedInDevicesSection_Query as DEVICES } from '../../web/src/features/settings/api/signed-in-devices';
import { graphql } from '../gql';
import { logIn, PortalClient } from '../helpers/client';
import { sqlAll, sqlOne } from '../helpers/raw-sql';
import { useServerWithSmtp } from '../helpers/server-with-smtp';
import { generatedMember } from './profile-helpers';

/**
 * Signed-in devices (decision 0048) through the real server over HTTP, on both engines: the list of the member's own
 * open sessions with the current one marked, ending one or all others (the ended browser's next request answers as a
 * logged-out session: GraphQL UNAUTHENTICATED, REST 406), the refusal of another member's session id, and the
 * new-browser notice queued in the mail outbox once per new browser.
 */

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const CHROME_LINUX_NEWER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const END_DEVICE = graphql(`
  mutation EndSignedInDeviceTest($id: ID!) {
    endSignedInDevice(input: { id: $id }) {
      ok {
        devices {
          id
          current
        }
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);

const END_OTHERS = graphql(`
  mutation EndOtherSignedInDevicesTest {
    endOtherSignedInDevices {
      ok {
        ended
        devices {
          id
          current
        }
      }
      error {
        code
      }
    }
  }
`);

const ME_ID = graphql(`
  query DevicesMeIdTest {
    me {
      id
    }
  }
`);

/** A client whose every request carries `userAgent`, as one browser would. */
class BrowserClient extends PortalClient {
  constructor(
    baseUrl: string,
    readonly userAgent: string,
  ) {
    super(baseUrl);
  }
  override async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('user-agent', this.userAgent);
    return await super.fetch(path, { ...init, headers });
  }
}

const suite = useServerWithSmtp();

/** A client of `email` logged in with `userAgent`; fails the test when the login does not complete. */
async function browser(email: string, userAgent: string): Promise<BrowserClient> {
  const client = new BrowserClient(suite.server.url, userAgent);
  const answer = await logIn(client, email);
  expect(answer.ok?.loggedIn, JSON.stringify(answer)).toBe(true);
  return client;
}

async function devicesOf(client: PortalClient) {
  const res = await client.operation(DEVICES);
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.signedInDevices;
}

/** The session rows of a person, as stored. */
const sessionsOf = async (personId: number) =>
  await sqlAll<{ token_hash: string; public_id: string | null; ended_at: string | null; end_reason: string | null }>(
    suite.server.db,
    'SELECT token_hash, public_id, ended_at, end_reason FROM sessions WHERE person_id = ? ORDER BY created_at, token_hash',
    personId,
  );

/** How many new-browser notices were queued for the person: those still in the outbox and those sent. */
const notices = async (personId: number) => {
  await suite.server.deps.mailer.worker.drain();
  const count = async (table: string) =>
    Number((await sqlOne<{ n: number }>(suite.server.db, `SELECT count(*) AS n FROM ${table} WHERE person_id = ? AND kind = 'NEW_BROWSER_LOGIN'`, personId)).n);
  return (await count('mail_outbox')) + (await count('sent_mails'));
};

describe('the list of signed-in devices', () => {
  it('shows only the member’s own open sessions, the current one first and marked, with browser, system and times; never a token hash', async () => {
    const { id, email } = await generatedMember(suite.server, 'ASC', 0);
    const other = await generatedMember(suite.server, 'ASC', 1);
    const firefox = await browser(email, FIREFOX_WINDOWS);
    suite.server.clock.advance(60_000);
    const chrome = await browser(email, CHROME_LINUX);
    const ended = await browser(email, SAFARI_IPHONE);
    await ended.operation(
      graphql(`
        mutation DevicesLogoutTest {
          logout {
            ok {
              loggedOut
            }
          }
        }
      `),
    );
    await browser(other.email, CHROME_LINUX);

    const list = await devicesOf(firefox);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, browser: 'Firefox 128', system: 'Windows 10', ipAddress: expect.stringMatching(/127\.0\.0\.1/) });
    expect(list[1]).toMatchObject({ current: false, browser: 'Chrome 130', system: 'Linux' });
    expect(Date.parse(list[1]!.firstSeenAt) - Date.parse(list[0]!.firstSeenAt)).toBe(60_000);
    const rows = await sessionsOf(id);
    const open = rows.filter((r) => r.ended_at === null);
    expect(list.map((d) => d.id).sort()).toEqual(open.map((r) => r.public_id).sort());
    const text = JSON.stringify(list);
    for (const row of rows) expect(text).not.toContain(row.token_hash);

    // Seen from the other browser, the same two sessions, the other one marked.
    const fromChrome = await devicesOf(chrome);
    expect(fromChrome.map((d) => [d.browser, d.current])).toEqual([
      ['Chrome 130', true],
      ['Firefox 128', false],
    ]);
  });

  it('leaves out a session past its idle time-out', async () => {
    const { email } = await generatedMember(suite.server, 'ASC', 2);
    const idle = await browser(email, SAFARI_IPHONE);
    expect(idle).toBeDefined();
    suite.server.clock.advance(31 * 60_000);
    const fresh = await browser(email, FIREFOX_WINDOWS);
    expect((await devicesOf(fresh)).map((d) => d.browser)).toEqual(['Firefox 128']);
  });
});

describe('ending sessions', () => {
  it('ending another session logs that browser out at its next request, as a logout does (GraphQL UNAUTHENTICATED, REST 406)', async () => {
    const { id, email } = await generatedMember(suite.server, 'ASC', 3);
    const first = await browser(email, FIREFOX_WINDOWS);
    const second = await browser(email, CHROME_LINUX);
    expect((await second.operation(ME_ID)).body.errors).toBeUndefined();
    const target = (await devicesOf(first)).find((d) => !d.current)!;

    const res = await first.operation(END_DEVICE, { id: target.id });
    expect(res.body.data?.endSignedInDevice.error).toBeNull();
    expect(res.body.data?.endSignedInDevice.ok?.devices).toEqual([{ id: expect.any(String), current: true }]);

    const refused = await second.operation(ME_ID);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await second.rest('getPersonalData')).status).toBe(406);
    expect((await first.operation(ME_ID)).body.errors).toBeUndefined();
    expect((await sessionsOf(id)).find((r) => r.public_id === target.id)).toMatchObject({ end_reason: 'ENDED_BY_MEMBER' });
    const events = await sqlOne<{ n: number }>(suite.server.db, `SELECT count(*) AS n FROM security_events WHERE type = 'SESSION_END' AND person_id = ?`, id);
    expect(Number(events.n)).toBe(1);

    // Ending it again: it no longer exists.
    expect((await first.operation(END_DEVICE, { id: target.id })).body.data?.endSignedInDevice.error?.code).toBe('NOT_FOUND');
  });

  it('"alle anderen" ends every other session and keeps the current one', async () => {
    const { id, email } = await generatedMember(suite.server, 'ASC', 4);
    const keep = await browser(email, FIREFOX_WINDOWS);
    const others = [await browser(email, CHROME_LINUX), await browser(email, SAFARI_IPHONE)];

    const res = await keep.operation(END_OTHERS);
    expect(res.body.data?.endOtherSignedInDevices.ok).toEqual({ ended: 2, devices: [{ id: expect.any(String), current: true }] });
    for (const other of others) expect((await other.operation(ME_ID)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await keep.operation(ME_ID)).body.errors).toBeUndefined();
    const rows = await sessionsOf(id);
    expect(rows.filter((r) => r.ended_at === null)).toHaveLength(1);
    expect(rows.filter((r) => r.end_reason === 'ENDED_BY_MEMBER')).toHaveLength(2);

    // Nothing left to end is no error.
    expect((await keep.operation(END_OTHERS)).body.data?.endOtherSignedInDevices.ok?.ended).toBe(0);
  });

  it('refuses another member’s session id with NOT_FOUND and changes nothing; the own one answers CURRENT_DEVICE', async () => {
    const mallory = await generatedMember(suite.server, 'ASC', 5);
    const victim = await generatedMember(suite.server, 'ASC', 6);
    const attacker = await browser(mallory.email, FIREFOX_WINDOWS);
    const victimBrowser = await browser(victim.email, CHROME_LINUX);
    const victimId = (await devicesOf(victimBrowser))[0]!.id;
    const before = await sessionsOf(victim.id);

    const foreign = await attacker.operation(END_DEVICE, { id: victimId });
    expect(foreign.body.data?.endSignedInDevice).toEqual({
      ok: null,
      error: { code: 'NOT_FOUND', message: 'Diese Anmeldung besteht nicht mehr. Die Liste wurde aktualisiert.', fieldErrors: [] },
    });
    for (const bad of ['', 'x'.repeat(5000), "' OR 1=1 --", victimId.toUpperCase()]) {
      expect((await attacker.operation(END_DEVICE, { id: bad })).body.data?.endSignedInDevice.error?.code).toBe('NOT_FOUND');
    }
    expect(await sessionsOf(victim.id)).toEqual(before);
    expect((await victimBrowser.operation(ME_ID)).body.errors).toBeUndefined();

    const own = (await devicesOf(attacker))[0]!.id;
    expect((await attacker.operation(END_DEVICE, { id: own })).body.data?.endSignedInDevice.error?.code).toBe('CURRENT_DEVICE');
    expect((await attacker.operation(ME_ID)).body.errors).toBeUndefined();
  });

  it('needs a completed login: without a session every operation answers UNAUTHENTICATED', async () => {
    const anonymous = new PortalClient(suite.server.url);
    expect((await anonymous.operation(DEVICES)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anonymous.operation(END_OTHERS)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anonymous.operation(END_DEVICE, { id: '0'.repeat(32) })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('the new-browser notice', () => {
  it('is queued once for a new browser, with time and device only, and not for a known one', async () => {
    const { id, email } = await generatedMember(suite.server, 'ASC', 7);
    await browser(email, FIREFOX_WINDOWS);
    expect(await notices(id)).toBe(0); // the first login ever: nothing to compare with
    suite.server.clock.set(Date.parse('2026-11-22T13:07:00Z'));
    await browser(email, CHROME_LINUX);
    expect(await notices(id)).toBe(1);
    const mail = await suite.smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toBe('Neue Anmeldung im Mitgliederportal');
    expect(mail.text).toContain('am 22.11.2026 14:07 Uhr');
    expect(mail.text).toContain('Chrome 130 auf Linux');
    expect(mail.text).not.toContain('127.0.0.1');

    // The same browser and system again (a newer version), and the first browser again: known, no notice.
    await browser(email, CHROME_LINUX_NEWER);
    await browser(email, FIREFOX_WINDOWS);
    expect(await notices(id)).toBe(1);

    await browser(email, SAFARI_IPHONE);
    expect(await notices(id)).toBe(2);
  });
});
