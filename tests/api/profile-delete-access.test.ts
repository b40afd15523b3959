import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, logIn, loginMember, PortalClient } from '../helpers/client';
import { sqlAll, sqlOne } from '../helpers/raw-sql';
import { useServerWithSmtp } from '../helpers/server-with-smtp';
import { DELETE_ACCESS, ME_ID, RETENTION_FACTS } from './profile-operations';
import { changesOf, generatedMember } from './profile-helpers';

/**
 * Deleting the access in the profile settings (spec 001 sections 2 "Profile" and 8) through the real server over HTTP, with a
 * real SMTP server: the password and the confirmation it needs, the sessions it ends, the confirmation mail, the
 * lockout count of wrong passwords, and the retention facts of the terms.
 */

const suite = useServerWithSmtp();

const sql = <T = Record<string, unknown>>(query: string, ...params: unknown[]) => sqlOne<T>(suite.server.db, query, ...params);
const all = <T = Record<string, unknown>>(query: string, ...params: unknown[]) => sqlAll<T>(suite.server.db, query, ...params);
const accessStatus = async (id: number) => (await sql<{ access_status: string }>('SELECT access_status FROM credentials WHERE person_id = ?', id)).access_status;

describe('deleting the access', () => {
  // The first generated member, whatever its access (the demo personas have fixed addresses).
  const member = () => generatedMember(suite.server, 'ASC', 0, false);

  it('needs the current password and the confirmation; a wrong one changes nothing', async () => {
    const { id, email } = await member();
    const client = await loginMember(suite.server.url, email);
    const changes = (await changesOf(suite.server, id)).length;
    const wrong = await client.operation(DELETE_ACCESS, {
      input: { currentPassword: 'Falsch#Passwort1', confirmed: true },
    });
    expect(wrong.body.data?.deleteAccess).toMatchObject({
      ok: null,
      error: { code: 'ERROR_PWD_INVALID', fieldErrors: [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }] },
    });
    const unconfirmed = await client.operation(DELETE_ACCESS, {
      input: { currentPassword: DEMO_PASSWORD, confirmed: false },
    });
    expect(unconfirmed.body.data?.deleteAccess).toMatchObject({ ok: null, error: { code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'confirmed', code: 'NOT_CONFIRMED' }] } });
    expect(await accessStatus(id)).toBe('ACTIVE');
    expect((await changesOf(suite.server, id)).length).toBe(changes);
    expect((await client.operation(ME_ID)).body.errors).toBeUndefined();
  });

  it('through GraphQL answers the ended sessions in ok and clears the session cookie', async () => {
    const { id, email } = await generatedMember(suite.server, 'DESC', 1);
    const first = await loginMember(suite.server.url, email);
    const second = await loginMember(suite.server.url, email);
    const res = await first.operation(DELETE_ACCESS, {
      input: { currentPassword: DEMO_PASSWORD, confirmed: true },
    });
    expect(res.body.data?.deleteAccess.error).toBeNull();
    expect(res.body.data?.deleteAccess.ok?.sessionsEnded).toBeGreaterThanOrEqual(2);
    expect(res.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(await accessStatus(id)).toBe('DEACTIVATED');
    expect((await second.operation(ME_ID)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('deactivates the access (not the membership), ends every session, mails a confirmation and logs it', async () => {
    const { id, email } = await member();
    const first = await loginMember(suite.server.url, email);
    const second = await loginMember(suite.server.url, email);
    suite.smtp.clear();
    const res = await first.rest('deleteAccess', { currentPassword: DEMO_PASSWORD, confirmed: 'true' });
    expect(res.json).toEqual({ ok: true, code: null, fieldErrors: [] });
    expect(res.headers.getSetCookie().join()).toMatch(/Max-Age=0/);

    expect(await accessStatus(id)).toBe('DEACTIVATED');
    expect((await sql<{ membership_status: string }>('SELECT membership_status FROM persons WHERE id = ?', id)).membership_status).toBe('ACTIVE');
    const open = await all<{ end_reason: string | null }>('SELECT end_reason FROM sessions WHERE person_id = ?', id);
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(open.every((s) => s.end_reason === 'ACCESS_DELETED' || s.end_reason !== null)).toBe(true);
    expect(open.filter((s) => s.end_reason === 'ACCESS_DELETED').length).toBeGreaterThanOrEqual(2);
    expect((await second.rest('getPersonalData')).status).toBe(406);
    expect((await second.operation(ME_ID)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const again = await logIn(new PortalClient(suite.server.url), email);
    expect(again.error?.code).toBe('DEACTIVATED');

    const mail = await suite.smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/gelöscht/);
    expect(mail.text).toContain('10 Jahre');
    expect((await changesOf(suite.server, id)).at(-1)).toMatchObject({ area: 'ACCESS', field: 'accessStatus', old_value: 'ACTIVE', new_value: 'DEACTIVATED' });
    expect((await sql<{ n: number }>(`SELECT count(*) AS n FROM security_events WHERE type = 'ACCESS_DELETED' AND person_id = ?`, id)).n).toBe(1);
  });

  it('counts wrong passwords towards the login lockout, so a taken-over session cannot guess without limit', async () => {
    const { id, email } = await generatedMember(suite.server, 'DESC', 0);
    const client = await loginMember(suite.server.url, email);
    for (let i = 0; i < 5; i++) {
      const res = await client.operation(DELETE_ACCESS, { input: { currentPassword: `Falsch#${i}Passwort`, confirmed: true } });
      expect(res.body.data?.deleteAccess.error?.code).toBe('ERROR_PWD_INVALID');
    }
    const login = await logIn(new PortalClient(suite.server.url), email);
    expect(login.error?.code).toBe('LOCKED_TEMPORARY');
    // While locked, even the right password is not evaluated.
    const right = await client.operation(DELETE_ACCESS, { input: { currentPassword: DEMO_PASSWORD, confirmed: true } });
    expect(right.body.data?.deleteAccess.error?.code).toBe('ERROR_PWD_INVALID');
    expect(await accessStatus(id)).toBe('ACTIVE');
    expect((await sql<{ n: number }>(`SELECT count(*) AS n FROM security_events WHERE type = 'LOCKOUT' AND person_id = ?`, id)).n).toBe(1);
  });

  it('shows the retention facts of the terms without a session', async () => {
    const res = await new PortalClient(suite.server.url).operation(RETENTION_FACTS);
    expect(res.body.data?.retentionFacts).toEqual({ loginDataYearsAfterDeactivation: 10, logFileDays: 180, maxRetentionYears: 30, accessYearsAfterPayout: 10 });
    expect((await new PortalClient(suite.server.url).rest('getRetentionFacts')).json).toEqual(res.body.data?.retentionFacts);
  });
});
