import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, sentMails } from '../../db/schema';
import { DEMO_PASSWORD, logIn, loginMember, PortalClient } from '../helpers/client';
import { sqlAll, sqlOne, sqlRun } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { useServerWithSmtp } from '../helpers/server-with-smtp';
import { startTestServer } from '../helpers/test-server';
import { CONFIRM_EMAIL, EMAILS, REQUEST_EMAIL } from './profile-operations';
import { changesOf, generatedMember, personIdOf } from './profile-helpers';

/**
 * The e-mail change of the profile settings (spec 001 section 2 "Profile") through the real server over HTTP, with a
 * real SMTP server: the link to the new address, the notice to the old one, expiry, taken addresses, the outbox when
 * the mail server is down, and the limit of requests per day.
 */

const suite = useServerWithSmtp();

const sql = <T = Record<string, unknown>>(query: string, ...params: unknown[]) => sqlOne<T>(suite.server.db, query, ...params);
const all = <T = Record<string, unknown>>(query: string, ...params: unknown[]) => sqlAll<T>(suite.server.db, query, ...params);
/** The login status of a fresh client with the demo password (`ok.status` or the refusal's code). */
const loginCode = async (email: string) => (await logIn(new PortalClient(suite.server.url), email)).error?.code;

describe('e-mail change (over a real SMTP suite.server)', () => {
  it('sends the link to the new address and a notice to the old one; the link switches the login address', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const berndId = await personIdOf(suite.server, 'bernd');
    suite.smtp.clear();
    const res = await bernd.operation(REQUEST_EMAIL, {
      input: { newEmail: ' Bernd.Neu@Example.at ', newEmailConfirmation: 'bernd.neu@example.at', currentPassword: DEMO_PASSWORD },
    });
    expect(res.body.data?.requestEmailChange).toMatchObject({ ok: { person: { pendingEmail: 'bernd.neu@example.at' } }, error: null });

    const confirmMail = await suite.smtp.waitForMail((m) => m.to.includes('bernd.neu@example.at'));
    const notice = await suite.smtp.waitForMail((m) => m.to.includes(emailOf('bernd')));
    expect(notice.subject).toMatch(/E-Mail-Adresse/);
    expect(notice.text).not.toMatch(/token=/);
    const link = /https?:\/\/\S+#\/emailChange\?token=([A-Za-z0-9_-]{43})/.exec(confirmMail.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    // Only the SHA-256 of the token is stored, with the new address as payload.
    expect(await sql<{ payload: string; token_hash: string }>(`SELECT * FROM person_tokens WHERE purpose = 'EMAIL_CHANGE' AND person_id = ?`, berndId)).toMatchObject({
      payload: 'bernd.neu@example.at',
      token_hash: createHash('sha256').update(token).digest('base64url'),
    });
    expect((await bernd.operation(EMAILS)).body.data?.me).toEqual({
      email: emailOf('bernd'),
      pendingEmail: 'bernd.neu@example.at',
    });
    // Until confirmed, the new address does not log in.
    expect(await loginCode('bernd.neu@example.at')).toBe('NOT_VALID');

    // The link is opened in a browser without a session.
    const browser = new PortalClient(suite.server.url);
    expect((await browser.operation(CONFIRM_EMAIL, { token })).body.data?.confirmEmailChange).toMatchObject({
      ok: { status: 'SUCCESSFUL' },
      error: null,
    });
    expect((await browser.operation(CONFIRM_EMAIL, { token })).body.data?.confirmEmailChange).toMatchObject({
      ok: null,
      error: { code: 'ALREADY_USED', message: 'Dieser Link wurde bereits verwendet oder durch eine neuere Änderung ersetzt.' },
    });

    await loginMember(suite.server.url, 'bernd.neu@example.at');
    expect(await loginCode(emailOf('bernd'))).toBe('NOT_VALID');

    expect((await changesOf(suite.server, berndId)).filter((r) => r.area === 'EMAIL')).toEqual([
      expect.objectContaining({ field: 'emailChangeRequested', old_value: emailOf('bernd'), new_value: 'bernd.neu@example.at' }),
      expect.objectContaining({ field: 'email', old_value: emailOf('bernd'), new_value: 'bernd.neu@example.at', session_hash: null }),
    ]);
    const events = await all<{ detail: unknown }>(`SELECT detail FROM security_events WHERE type = 'EMAIL_CHANGE' AND person_id = ? ORDER BY id`, berndId);
    expect(events.map((e) => (typeof e.detail === 'string' ? JSON.parse(e.detail) : e.detail))).toEqual([{ stage: 'REQUESTED' }, { stage: 'CONFIRMED' }]);
  });

  it('answers ERROR_LINK_EXPIRED after 24 hours, and the REST method confirms like GraphQL', async () => {
    const clara = await loginAs(suite.server, 'clara');
    suite.smtp.clear();
    const res = await clara.rest('changeEmail', { newEmail: 'clara.neu@example.at', newEmailConfirmation: 'clara.neu@example.at', currentPassword: DEMO_PASSWORD });
    expect(res.json).toMatchObject({ ok: true, pendingEmail: 'clara.neu@example.at' });
    const mail = await suite.smtp.waitForMail((m) => m.to.includes('clara.neu@example.at'));
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    suite.server.clock.advance(24 * 3_600_000 + 1);
    try {
      expect((await new PortalClient(suite.server.url).rest('confirmEmailChange', { token })).json).toEqual({ status: 'ERROR_LINK_EXPIRED' });
    } finally {
      suite.server.clock.advance(-(24 * 3_600_000 + 1));
    }
    expect((await sql<{ email: string }>('SELECT email FROM persons WHERE id = ?', await personIdOf(suite.server, 'clara'))).email).toBe(emailOf('clara'));
    expect((await new PortalClient(suite.server.url).rest('confirmEmailChange', { token: 'x'.repeat(43) })).json).toEqual({ status: 'ERROR' });
  });

  it('answers ERROR_MAIL_NOT_UNIQUE when the new address was taken between request and confirmation', async () => {
    const otto = await loginAs(suite.server, 'otto');
    suite.smtp.clear();
    await otto.operation(REQUEST_EMAIL, { input: { newEmail: 'otto.neu@example.at', newEmailConfirmation: 'otto.neu@example.at', currentPassword: DEMO_PASSWORD } });
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await suite.smtp.waitForMail((m) => m.to.includes('otto.neu@example.at'))).text)![1]!;
    await sqlRun(suite.server.db, `UPDATE persons SET email = 'otto.neu@example.at' WHERE email = ?`, emailOf('theo'));
    const res = await new PortalClient(suite.server.url).operation(CONFIRM_EMAIL, { token });
    expect(res.body.data?.confirmEmailChange.error?.code).toBe('ERROR_MAIL_NOT_UNIQUE');
    expect((await sql<{ email: string }>('SELECT email FROM persons WHERE id = ?', await personIdOf(suite.server, 'otto'))).email).toBe(emailOf('otto'));
  });

  it('refuses an address another access uses (ERROR_MAIL_NOT_UNIQUE) without sending or storing anything', async () => {
    const clara = await loginAs(suite.server, 'clara');
    const claraId = await personIdOf(suite.server, 'clara');
    const changes = (await changesOf(suite.server, claraId)).length;
    const tokens = (await sql<{ n: number }>('SELECT count(*) AS n FROM person_tokens')).n;
    await suite.server.deps.mailer.worker.drain();
    suite.smtp.clear();
    const res = await clara.operation(REQUEST_EMAIL, {
      input: { newEmail: emailOf('anna'), newEmailConfirmation: emailOf('anna'), currentPassword: DEMO_PASSWORD },
    });
    expect(res.body.data?.requestEmailChange).toMatchObject({ ok: null, error: { code: 'ERROR_MAIL_NOT_UNIQUE' } });
    expect((await changesOf(suite.server, claraId)).length).toBe(changes);
    expect((await sql<{ n: number }>('SELECT count(*) AS n FROM person_tokens')).n).toBe(tokens);
    await suite.server.deps.mailer.worker.drain();
    expect(suite.smtp.mails).toHaveLength(0);
  });
});

describe('e-mail change when the mail server is down', () => {
  it('stores the request with its confirmation mail queued in the outbox (docs/scaling.md)', async () => {
    // Port 1 on the loopback interface: connection refused at once.
    const down = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const client = await loginAs(down, 'anna');
      const res = await client.operation(REQUEST_EMAIL, {
        input: { newEmail: 'anna.neu@example.at', newEmailConfirmation: 'anna.neu@example.at', currentPassword: DEMO_PASSWORD },
      });
      expect(res.body.data?.requestEmailChange.error).toBeNull();
      await down.deps.mailer.worker.drain();
      const queued = await down.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'anna.neu@example.at'));
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ kind: 'EMAIL_CHANGE_CONFIRM', attempts: 1, failedAt: null });
      expect(queued[0]!.lastError).toBeTruthy();
      expect(await down.db.select().from(sentMails).where(eq(sentMails.recipient, 'anna.neu@example.at'))).toHaveLength(0);
    } finally {
      await down.close();
    }
  });
});

describe('e-mail change requests', () => {
  it('are limited to 5 in 24 hours per person, and a later one is allowed again', async () => {
    const member = await generatedMember(suite.server, 'ASC', 2);
    const client = await loginMember(suite.server.url, member.email);
    const request = (n: number) =>
      client.operation(REQUEST_EMAIL, {
        input: { newEmail: `paula.${n}@example.at`, newEmailConfirmation: `paula.${n}@example.at`, currentPassword: DEMO_PASSWORD },
      });
    for (let n = 1; n <= 5; n++) expect((await request(n)).body.data?.requestEmailChange.error).toBeNull();
    await suite.server.deps.mailer.worker.drain();
    suite.smtp.clear();
    expect((await request(6)).body.data?.requestEmailChange).toMatchObject({ ok: null, error: { code: 'ERROR_TOO_MANY_REQUESTS' } });
    await suite.server.deps.mailer.worker.drain();
    expect(suite.smtp.mails).toHaveLength(0);
    // Only the newest request's link works: the earlier ones were closed by the later ones.
    const open = await all<{ payload: string }>(`SELECT payload FROM person_tokens WHERE purpose = 'EMAIL_CHANGE' AND used_at IS NULL AND person_id = ?`, member.id);
    expect(open).toEqual([{ payload: 'paula.5@example.at' }]);

    const day = 24 * 3_600_000 + 1;
    suite.server.clock.advance(day);
    try {
      const later = await loginMember(suite.server.url, member.email);
      const res = await later.operation(REQUEST_EMAIL, {
        input: { newEmail: 'paula.7@example.at', newEmailConfirmation: 'paula.7@example.at', currentPassword: DEMO_PASSWORD },
      });
      expect(res.body.data?.requestEmailChange.error).toBeNull();
    } finally {
      suite.server.clock.advance(-day);
    }
  });
});
