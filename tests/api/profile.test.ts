import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, sentMails } from '../../db/schema';
import { DEMO_PASSWORD, PortalClient, type LoginAnswer } from '../helpers/client';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { generatedMemberEmail, sqlAll, sqlOne, sqlRun } from '../helpers/raw-sql';
import { startTestServer, TEST_TODAY, type TestServer } from '../helpers/test-server';
import { NEWSLETTER_TERMS_VERSION } from '@contract/consent';

/**
 * Profile settings (issue 6; spec 001 sections 2, 5 and 8) through the real server over HTTP, with a real SMTP
 * server receiving the portal's mails: address, bank details, e-mail change by link, newsletter and delivery
 * settings, deleting the access, and the change log of each.
 */
const LOGIN = `mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { ok { status loggedIn } error { code } } }`;
const CHANGE_ADDRESS = `mutation($input: ChangeAddressInput!) {
  changeAddress(input: $input) { ok { person { address { street postcode city country poBox validFrom } } } error { code message fieldErrors { field code message } } }
}`;
const CHANGE_BANK = `mutation($input: ChangeBankDetailsInput!) {
  changeBankDetails(input: $input) { ok { person { bankAccount { accountHolder bankName iban ibanMasked bic validFrom } } } error { code fieldErrors { field code } } }
}`;
const REQUEST_EMAIL = `mutation($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { ok { pendingEmail person { pendingEmail } } error { code fieldErrors { field code } } } }`;
const CONFIRM_EMAIL = `mutation($t: String!) { confirmEmailChange(token: $t) { ok { status } error { code message } } }`;
const DELETE_ACCESS = `mutation($input: DeleteAccessInput!) { deleteAccess(input: $input) { ok { sessionsEnded } error { code fieldErrors { field code } } } }`;
const HISTORY = `query($first: Int) { me { changeHistory(first: $first) { id changedAt actor area field oldValue newValue } } }`;

type Change = { id: string; changedAt: string; actor: string; area: string; field: string; oldValue: string | null; newValue: string | null };

let server: TestServer;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const sql = <T = Record<string, unknown>>(query: string, ...params: unknown[]) => sqlOne<T>(server.db, query, ...params);
const all = <T = Record<string, unknown>>(query: string, ...params: unknown[]) => sqlAll<T>(server.db, query, ...params);
const idOf = async (email: string) => (await sql<{ id: number }>('SELECT id FROM persons WHERE email = ?', email)).id;
const changesOf = async (personId: number) =>
  await all<{ area: string; field: string; old_value: string | null; new_value: string | null; session_hash: string | null; ip_address: string | null; actor: string }>(
    'SELECT * FROM profile_changes WHERE person_id = ? ORDER BY id',
    personId,
  );

async function loggedIn(email: string, password = DEMO_PASSWORD): Promise<PortalClient> {
  const client = new PortalClient(server.url);
  const res = await client.graphql<{ login: LoginAnswer }>(LOGIN, { e: email, p: password });
  expect(res.body.data?.login.ok?.status).toMatch(/^SUCCESSFUL/);
  return client;
}

const sessionHashOf = (client: PortalClient) => createHash('sha256').update(client.cookies.get('mvbv_session')!).digest('base64url');

describe('address change', () => {
  it('stores the new address, shows it in me and in REST getPersonalData, and logs each changed field with session and IP', async () => {
    const anna = await loggedIn('anna.muster@example.at');
    const annaId = await idOf('anna.muster@example.at');
    const before = (await changesOf(annaId)).length;
    const input = { street: 'Mariahilfer Straße 12/3', postcode: '1060', city: 'Wien', country: 'Österreich', poBox: '', validFrom: '2026-11-01' };
    const res = await anna.graphql<{ changeAddress: { ok: { person: { address: Record<string, unknown> } } | null; error: unknown } }>(CHANGE_ADDRESS, { input });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.changeAddress.error).toBeNull();
    expect(res.body.data?.changeAddress.ok?.person.address).toEqual({
      street: 'Mariahilfer Straße 12/3',
      postcode: '1060',
      city: 'Wien',
      country: 'AT',
      poBox: null,
      validFrom: '2026-11-01',
    });

    const legacy = (await anna.rest('getPersonalData')).json as Record<string, { adresse: Record<string, unknown> }>;
    expect(legacy.VBVPK!.adresse).toEqual({ strasse: 'Mariahilfer Straße 12/3', plz: '1060', ort: 'Wien', land: 'AT', postfach: null, gueltigAb: '2026-11-01' });
    expect(legacy.VBVVK!.adresse).toMatchObject({ plz: '1060' });

    const rows = (await changesOf(annaId)).slice(before);
    expect(rows.map((r) => r.field)).toEqual(expect.arrayContaining(['street', 'postcode', 'validFrom']));
    for (const r of rows) {
      expect(r).toMatchObject({ area: 'ADDRESS', actor: 'MEMBER', session_hash: sessionHashOf(anna), ip_address: '127.0.0.1' });
    }
    expect(rows.find((r) => r.field === 'postcode')).toMatchObject({ new_value: '1060' });
  });

  it('accepts a German address with a German postcode and stores the country code', async () => {
    const clara = await loggedIn('clara.pension@example.at');
    const res = await clara.graphql<{ changeAddress: { ok: { person: { address: { country: string } } } | null } }>(CHANGE_ADDRESS, {
      input: { street: 'Unter den Linden 1', postcode: '10117', city: 'Berlin', country: 'de', poBox: 'Postfach 12', validFrom: TEST_TODAY },
    });
    expect(res.body.data?.changeAddress.ok?.person.address.country).toBe('DE');
  });
});

describe('phone change', () => {
  const CHANGE_PHONE = `mutation($input: ChangePhoneInput!) { changePhone(input: $input) { ok { person { phone } } error { code fieldErrors { field code } } } }`;
  type PhonePayload = { changePhone: { ok: { person: { phone: string | null } } | null; error: { code: string; fieldErrors: Array<{ field: string; code: string }> } | null } };

  it('stores a number of the spec’s phone rule, logs it as a PHONE change, refuses other characters and lengths, and removes it when empty', async () => {
    const bernd = await loggedIn('bernd.vorsorge@example.at');
    const berndId = await idOf('bernd.vorsorge@example.at');
    const before = (await sql<{ phone: string | null }>('SELECT phone FROM persons WHERE id = ?', berndId)).phone;

    for (const [phone, code] of [
      ['0664 123 (privat)', 'INVALID_CHARACTERS'],
      ['+43 12', 'TOO_SHORT'],
      ['1'.repeat(31), 'TOO_LONG'],
      ['0664\u202e1234567', 'INVALID_CHARACTERS'],
    ] as const) {
      const refused = await bernd.graphql<PhonePayload>(CHANGE_PHONE, { input: { phone: JSON.parse(`"${phone}"`) } });
      expect(refused.body.data?.changePhone, phone).toEqual({ ok: null, error: { code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'phone', code }] } });
    }
    expect((await sql<{ phone: string | null }>('SELECT phone FROM persons WHERE id = ?', berndId)).phone).toBe(before);

    const saved = await bernd.graphql<PhonePayload>(CHANGE_PHONE, { input: { phone: '  +43 1/234  56-78 ' } });
    expect(saved.body.data?.changePhone).toEqual({ ok: { person: { phone: '+43 1/234 56-78' } }, error: null });
    const me = await bernd.graphql<{ me: { phone: string | null } }>('{ me { phone } }');
    expect(me.body.data?.me.phone).toBe('+43 1/234 56-78');
    const logged = (await changesOf(berndId)).filter((c) => c.area === 'PHONE');
    expect(logged.at(-1)).toMatchObject({ field: 'phone', old_value: before, new_value: '+43 1/234 56-78', actor: 'MEMBER' });

    const removed = await bernd.graphql<PhonePayload>(CHANGE_PHONE, { input: { phone: '' } });
    expect(removed.body.data?.changePhone.ok?.person).toEqual({ phone: null });

    const anonymous = await new PortalClient(server.url).graphql<PhonePayload>(CHANGE_PHONE, { input: { phone: '0664 1234567' } });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('bank details', () => {
  it('adds a bank account entry from a grouped Austrian IBAN, keeps the old one, and logs the IBAN masked only', async () => {
    const anna = await loggedIn('anna.muster@example.at');
    const annaId = await idOf('anna.muster@example.at');
    const entriesBefore = (await sql<{ n: number }>('SELECT count(*) AS n FROM bank_accounts WHERE person_id = ?', annaId)).n;
    const res = await anna.rest('changeBankDetails', {
      accountHolder: 'Anna Muster',
      bankName: 'Erste Bank',
      iban: 'AT61 1904 3002 3457 3201',
      bic: '',
      currentPassword: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, code: null, fieldErrors: [] });
    expect((await sql<{ n: number }>('SELECT count(*) AS n FROM bank_accounts WHERE person_id = ?', annaId)).n).toBe(entriesBefore + 1);

    const me = await anna.graphql<{ me: { bankAccount: Record<string, unknown> } }>(`{ me { bankAccount { accountHolder bankName iban ibanMasked bic validFrom } } }`);
    expect(me.body.data?.me.bankAccount).toEqual({
      accountHolder: 'Anna Muster',
      bankName: 'Erste Bank',
      iban: 'AT611904300234573201',
      ibanMasked: 'AT61 **** **** **** 3201',
      bic: null,
      validFrom: TEST_TODAY,
    });
    const legacy = (await anna.rest('getPersonalData')).json as Record<string, { bankverbindung: Record<string, unknown> }>;
    expect(legacy.VBVPK!.bankverbindung).toEqual({ kontoinhaber: 'Anna Muster', bankname: 'Erste Bank', iban: 'AT611904300234573201', bic: null, gueltigAb: TEST_TODAY });

    const ibanRow = (await changesOf(annaId)).filter((r) => r.area === 'BANK_ACCOUNT' && r.field === 'iban').at(-1)!;
    expect(ibanRow.new_value).toBe('AT61 **** **** **** 3201');
    const everything = JSON.stringify(await all('SELECT * FROM profile_changes'));
    expect(everything).not.toContain('AT611904300234573201');
    expect(everything).not.toContain('1904 3002 3457');
  });

  it('takes a Swiss IBAN only with a BIC, and a future start leaves the current account in force until that day', async () => {
    const clara = await loggedIn('clara.pension@example.at');
    const swiss = {
      accountHolder: 'Clara Pension',
      bankName: 'UBS Switzerland AG',
      iban: 'CH93 0076 2011 6238 5295 7',
      bic: 'UBSW CHZH 80A',
      validFrom: '2026-12-01',
      currentPassword: DEMO_PASSWORD,
    };
    const noBic = await clara.graphql<{ changeBankDetails: { ok: unknown; error: { fieldErrors: unknown[] } | null } }>(CHANGE_BANK, { input: { ...swiss, bic: null } });
    expect(noBic.body.data?.changeBankDetails).toMatchObject({ ok: null, error: { fieldErrors: [{ field: 'bic', code: 'BIC_REQUIRED' }] } });

    const BANK = `{ me { bankAccount { accountHolder bankName iban ibanMasked bic validFrom } } }`;
    const current = (await clara.graphql<{ me: { bankAccount: { iban: string } | null } }>(BANK)).body.data?.me.bankAccount;
    expect(current?.iban).not.toMatch(/^CH/);
    const ok = await clara.graphql<{ changeBankDetails: { ok: { person: { bankAccount: { iban: string } | null } } | null; error: unknown } }>(CHANGE_BANK, { input: swiss });
    expect(ok.body.data?.changeBankDetails.error).toBeNull();
    expect(ok.body.data?.changeBankDetails.ok?.person.bankAccount).toEqual(current);
    expect((await sql<{ bic: string }>(`SELECT bic FROM bank_accounts WHERE iban = 'CH9300762011623852957'`)).bic).toBe('UBSWCHZH80A');

    const days = 9 * 86_400_000;
    server.clock.advance(days);
    try {
      const later = await loggedIn('clara.pension@example.at');
      const account = (await later.graphql<{ me: { bankAccount: { iban: string; validFrom: string } } }>(BANK)).body.data?.me.bankAccount;
      expect(account).toMatchObject({ iban: 'CH9300762011623852957', validFrom: '2026-12-01' });
    } finally {
      server.clock.advance(-days);
    }
  });
});

describe('newsletter and electronic delivery', () => {
  it('log their changes through the same service calls as the login-time dialogs', async () => {
    const ida = await loggedIn('ida.newsletter@example.at');
    const idaId = await idOf('ida.newsletter@example.at');
    const before = (await changesOf(idaId)).length;
    const res = await ida.graphql<{ setNewsletterConsent: { ok: { person: { preferences: unknown } } | null; error: unknown } }>(
      `mutation { setNewsletterConsent(pensionFund: true, severanceFund: false) { ok { person { preferences { newsletterPk newsletterVk } } } error { code } } }`,
    );
    expect(res.body.data?.setNewsletterConsent).toEqual({ ok: { person: { preferences: { newsletterPk: true, newsletterVk: false } } }, error: null });
    await ida.graphql(`mutation { setBenefitStatementDelivery(digital: true) { ok { person { id } } } }`);
    expect((await ida.rest('setABPBPerMail', { aBPBPerMail: 'true' })).status).toBe(200);
    const rows = (await changesOf(idaId)).slice(before);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ area: 'NEWSLETTER', field: 'newsletterPk', old_value: null, new_value: 'true', session_hash: sessionHashOf(ida) }),
        expect.objectContaining({ area: 'NEWSLETTER', field: 'newsletterVk', old_value: null, new_value: 'false' }),
        expect.objectContaining({ area: 'DELIVERY', field: 'benefitStatementDigital', new_value: 'true' }),
        expect.objectContaining({ area: 'DELIVERY', field: 'accountStatementByMail', old_value: 'false', new_value: 'true' }),
      ]),
    );
    // The same value again is no change and writes no row.
    await ida.graphql(`mutation { setBenefitStatementDelivery(digital: true) { ok { person { id } } } }`);
    expect((await changesOf(idaId)).length).toBe(before + rows.length);
  });
});

describe('newsletter consent records', () => {
  const RECORDS = `{ me { consentRecords { subject granted termsAccepted textVersion channel recordedAt } } }`;
  type Rec = { subject: string; granted: boolean; termsAccepted: boolean | null; textVersion: string; channel: string; recordedAt: string };

  it('keeps every decision with its time, the text version and the terms tick, readable by the member only', async () => {
    const ida = await loggedIn('ida.newsletter@example.at');
    const idaId = await idOf('ida.newsletter@example.at');
    const before = (await all<{ id: number }>('SELECT id FROM consent_records WHERE person_id = ?', idaId)).length;
    server.clock.advance(60_000);
    const at = new Date(server.clock.now()).toISOString();
    const res = await ida.graphql<{ setNewsletterConsent: { ok: { person: { id: string } } | null } }>(
      `mutation { setNewsletterConsent(pensionFund: true, severanceFund: false, termsAccepted: true, channel: LOGIN_DIALOG) { ok { person { id } } } }`,
    );
    expect(res.body.data?.setNewsletterConsent.ok?.person.id).toBeTruthy();
    server.clock.advance(60_000);
    // The legacy REST call has no terms field: recorded with the tick unknown.
    expect((await ida.rest('setNewsletter', { newsletterVk: 'true', showNewsletterVk: 'true' })).status).toBe(200);

    const records = (await ida.graphql<{ me: { consentRecords: Rec[] } }>(RECORDS)).body.data!.me.consentRecords;
    expect(records.length).toBe(before + 3);
    expect(records.slice(0, 3)).toEqual([
      {
        subject: 'NEWSLETTER_VK',
        granted: true,
        termsAccepted: null,
        textVersion: NEWSLETTER_TERMS_VERSION,
        channel: 'REST',
        recordedAt: new Date(server.clock.now()).toISOString(),
      },
      { subject: 'NEWSLETTER_VK', granted: false, termsAccepted: true, textVersion: NEWSLETTER_TERMS_VERSION, channel: 'LOGIN_DIALOG', recordedAt: at },
      { subject: 'NEWSLETTER_PK', granted: true, termsAccepted: true, textVersion: NEWSLETTER_TERMS_VERSION, channel: 'LOGIN_DIALOG', recordedAt: at },
    ]);
    // Another member sees none of them.
    const anna = await loggedIn('anna.muster@example.at');
    const annas = (await anna.graphql<{ me: { consentRecords: Rec[] } }>(RECORDS)).body.data!.me.consentRecords;
    expect(annas.every((r) => r.recordedAt !== at)).toBe(true);
    expect(await all('SELECT person_id FROM consent_records WHERE recorded_at = ?', at)).toEqual([{ person_id: idaId }, { person_id: idaId }]);
  });
});

describe('change history', () => {
  it('shows the member their own changes only, newest first, with `first` limiting the list', async () => {
    const anna = await loggedIn('anna.muster@example.at');
    const res = await anna.graphql<{ me: { changeHistory: Change[] } }>(HISTORY, {});
    const history = res.body.data!.me.changeHistory;
    const annaId = await idOf('anna.muster@example.at');
    expect(history.length).toBe((await changesOf(annaId)).length);
    expect(history.every((c) => ['ADDRESS', 'BANK_ACCOUNT'].includes(c.area))).toBe(true);
    const times = history.map((c) => c.changedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Number(history[0]!.id)).toBeGreaterThan(Number(history.at(-1)!.id));
    expect((await anna.graphql<{ me: { changeHistory: Change[] } }>(HISTORY, { first: 2 })).body.data!.me.changeHistory).toHaveLength(2);
    const legacy = (await anna.rest('getChangeHistory', { first: '1' })).json as unknown as Change[];
    expect(legacy).toHaveLength(1);
    expect(legacy[0]).toMatchObject({ area: history[0]!.area, field: history[0]!.field });
  });

  it('never holds a password', async () => {
    expect(JSON.stringify(await all('SELECT * FROM profile_changes'))).not.toContain(DEMO_PASSWORD);
  });
});

describe('e-mail change (over a real SMTP server)', () => {
  it('sends the link to the new address and a notice to the old one; the link switches the login address', async () => {
    const bernd = await loggedIn('bernd.vorsorge@example.at');
    const berndId = await idOf('bernd.vorsorge@example.at');
    smtp.clear();
    const res = await bernd.graphql<{ requestEmailChange: { ok: { pendingEmail: string } | null } }>(REQUEST_EMAIL, {
      input: { newEmail: ' Bernd.Neu@Example.at ', newEmailConfirmation: 'bernd.neu@example.at', currentPassword: DEMO_PASSWORD },
    });
    expect(res.body.data?.requestEmailChange).toEqual({ ok: { pendingEmail: 'bernd.neu@example.at', person: { pendingEmail: 'bernd.neu@example.at' } }, error: null });

    const confirmMail = await smtp.waitForMail((m) => m.to.includes('bernd.neu@example.at'));
    const notice = await smtp.waitForMail((m) => m.to.includes('bernd.vorsorge@example.at'));
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
    expect((await bernd.graphql<{ me: { pendingEmail: string; email: string } }>(`{ me { email pendingEmail } }`)).body.data?.me).toEqual({
      email: 'bernd.vorsorge@example.at',
      pendingEmail: 'bernd.neu@example.at',
    });
    // Until confirmed, the new address does not log in.
    const early = await new PortalClient(server.url).graphql<{ login: LoginAnswer }>(LOGIN, { e: 'bernd.neu@example.at', p: DEMO_PASSWORD });
    expect(early.body.data?.login.error?.code).toBe('NOT_VALID');

    // The link is opened in a browser without a session.
    const browser = new PortalClient(server.url);
    expect((await browser.graphql<{ confirmEmailChange: unknown }>(CONFIRM_EMAIL, { t: token })).body.data?.confirmEmailChange).toEqual({
      ok: { status: 'SUCCESSFUL' },
      error: null,
    });
    expect((await browser.graphql<{ confirmEmailChange: unknown }>(CONFIRM_EMAIL, { t: token })).body.data?.confirmEmailChange).toEqual({
      ok: null,
      error: { code: 'ALREADY_USED', message: 'Dieser Link wurde bereits verwendet oder durch eine neuere Änderung ersetzt.' },
    });

    await loggedIn('bernd.neu@example.at');
    const old = await new PortalClient(server.url).graphql<{ login: LoginAnswer }>(LOGIN, { e: 'bernd.vorsorge@example.at', p: DEMO_PASSWORD });
    expect(old.body.data?.login.error?.code).toBe('NOT_VALID');

    expect((await changesOf(berndId)).filter((r) => r.area === 'EMAIL')).toEqual([
      expect.objectContaining({ field: 'emailChangeRequested', old_value: 'bernd.vorsorge@example.at', new_value: 'bernd.neu@example.at' }),
      expect.objectContaining({ field: 'email', old_value: 'bernd.vorsorge@example.at', new_value: 'bernd.neu@example.at', session_hash: null }),
    ]);
    const events = await all<{ detail: unknown }>(`SELECT detail FROM security_events WHERE type = 'EMAIL_CHANGE' AND person_id = ? ORDER BY id`, berndId);
    expect(events.map((e) => (typeof e.detail === 'string' ? JSON.parse(e.detail) : e.detail))).toEqual([{ stage: 'REQUESTED' }, { stage: 'CONFIRMED' }]);
  });

  it('answers ERROR_LINK_EXPIRED after 24 hours, and the REST method confirms like GraphQL', async () => {
    const clara = await loggedIn('clara.pension@example.at');
    smtp.clear();
    const res = await clara.rest('changeEmail', { newEmail: 'clara.neu@example.at', newEmailConfirmation: 'clara.neu@example.at', currentPassword: DEMO_PASSWORD });
    expect(res.json).toMatchObject({ ok: true, pendingEmail: 'clara.neu@example.at' });
    const mail = await smtp.waitForMail((m) => m.to.includes('clara.neu@example.at'));
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    server.clock.advance(24 * 3_600_000 + 1);
    try {
      expect((await new PortalClient(server.url).rest('confirmEmailChange', { token })).json).toEqual({ status: 'ERROR_LINK_EXPIRED' });
    } finally {
      server.clock.advance(-(24 * 3_600_000 + 1));
    }
    expect((await sql<{ email: string }>('SELECT email FROM persons WHERE id = ?', await idOf('clara.pension@example.at'))).email).toBe('clara.pension@example.at');
    expect((await new PortalClient(server.url).rest('confirmEmailChange', { token: 'x'.repeat(43) })).json).toEqual({ status: 'ERROR' });
  });

  it('answers ERROR_MAIL_NOT_UNIQUE when the new address was taken between request and confirmation', async () => {
    const otto = await loggedIn('otto.kunde@example.at');
    smtp.clear();
    await otto.graphql(REQUEST_EMAIL, { input: { newEmail: 'otto.neu@example.at', newEmailConfirmation: 'otto.neu@example.at', currentPassword: DEMO_PASSWORD } });
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await smtp.waitForMail((m) => m.to.includes('otto.neu@example.at'))).text)![1]!;
    await sqlRun(server.db, `UPDATE persons SET email = 'otto.neu@example.at' WHERE email = 'theo.nutzung@example.at'`);
    const res = await new PortalClient(server.url).graphql<{ confirmEmailChange: { error: { code: string } | null } }>(CONFIRM_EMAIL, { t: token });
    expect(res.body.data?.confirmEmailChange.error?.code).toBe('ERROR_MAIL_NOT_UNIQUE');
    expect((await sql<{ email: string }>('SELECT email FROM persons WHERE id = ?', await idOf('otto.kunde@example.at'))).email).toBe('otto.kunde@example.at');
  });

  it('refuses an address another access uses (ERROR_MAIL_NOT_UNIQUE) without sending or storing anything', async () => {
    const clara = await loggedIn('clara.pension@example.at');
    const claraId = await idOf('clara.pension@example.at');
    const changes = (await changesOf(claraId)).length;
    const tokens = (await sql<{ n: number }>('SELECT count(*) AS n FROM person_tokens')).n;
    await server.deps.mailer.worker.drain();
    smtp.clear();
    const res = await clara.graphql<{ requestEmailChange: { ok: unknown; error: { code: string } | null } }>(REQUEST_EMAIL, {
      input: { newEmail: 'anna.muster@example.at', newEmailConfirmation: 'anna.muster@example.at', currentPassword: DEMO_PASSWORD },
    });
    expect(res.body.data?.requestEmailChange).toMatchObject({ ok: null, error: { code: 'ERROR_MAIL_NOT_UNIQUE' } });
    expect((await changesOf(claraId)).length).toBe(changes);
    expect((await sql<{ n: number }>('SELECT count(*) AS n FROM person_tokens')).n).toBe(tokens);
    await server.deps.mailer.worker.drain();
    expect(smtp.mails).toHaveLength(0);
  });
});

describe('deleting the access', () => {
  // The first generated member with an active access (the demo personas have fixed addresses).
  const member = async () =>
    await sql<{ id: number; email: string }>(
      `SELECT p.id, p.email FROM persons p JOIN credentials c ON c.person_id = p.id
       WHERE ${generatedMemberEmail(server.db, 'p.email')} AND p.membership_status = 'ACTIVE' ORDER BY p.id LIMIT 1`,
    );

  it('needs the current password and the confirmation; a wrong one changes nothing', async () => {
    const { id, email } = await member();
    const client = await loggedIn(email);
    const changes = (await changesOf(id)).length;
    const wrong = await client.graphql<{ deleteAccess: unknown }>(DELETE_ACCESS, {
      input: { currentPassword: 'Falsch#Passwort1', confirmed: true },
    });
    expect(wrong.body.data?.deleteAccess).toEqual({ ok: null, error: { code: 'ERROR_PWD_INVALID', fieldErrors: [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }] } });
    const unconfirmed = await client.graphql<{ deleteAccess: unknown }>(DELETE_ACCESS, {
      input: { currentPassword: DEMO_PASSWORD, confirmed: false },
    });
    expect(unconfirmed.body.data?.deleteAccess).toEqual({ ok: null, error: { code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'confirmed', code: 'NOT_CONFIRMED' }] } });
    expect((await sql<{ access_status: string }>('SELECT access_status FROM credentials WHERE person_id = ?', id)).access_status).toBe('ACTIVE');
    expect((await changesOf(id)).length).toBe(changes);
    expect((await client.graphql(`{ me { id } }`)).body.errors).toBeUndefined();
  });

  it('through GraphQL answers the ended sessions in ok and clears the session cookie', async () => {
    const { id, email } = await sql<{ id: number; email: string }>(
      `SELECT p.id, p.email FROM persons p JOIN credentials c ON c.person_id = p.id
       WHERE ${generatedMemberEmail(server.db, 'p.email')} AND p.membership_status = 'ACTIVE' AND c.access_status = 'ACTIVE' ORDER BY p.id DESC LIMIT 1 OFFSET 1`,
    );
    const first = await loggedIn(email);
    const second = await loggedIn(email);
    const res = await first.graphql<{ deleteAccess: { ok: { sessionsEnded: number } | null; error: unknown } }>(DELETE_ACCESS, {
      input: { currentPassword: DEMO_PASSWORD, confirmed: true },
    });
    expect(res.body.data?.deleteAccess.error).toBeNull();
    expect(res.body.data?.deleteAccess.ok?.sessionsEnded).toBeGreaterThanOrEqual(2);
    expect(res.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect((await sql<{ access_status: string }>('SELECT access_status FROM credentials WHERE person_id = ?', id)).access_status).toBe('DEACTIVATED');
    expect((await second.graphql(`{ me { id } }`)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('deactivates the access (not the membership), ends every session, mails a confirmation and logs it', async () => {
    const { id, email } = await member();
    const first = await loggedIn(email);
    const second = await loggedIn(email);
    smtp.clear();
    const res = await first.rest('deleteAccess', { currentPassword: DEMO_PASSWORD, confirmed: 'true' });
    expect(res.json).toEqual({ ok: true, code: null, fieldErrors: [] });
    expect(res.headers.getSetCookie().join()).toMatch(/Max-Age=0/);

    expect((await sql<{ access_status: string }>('SELECT access_status FROM credentials WHERE person_id = ?', id)).access_status).toBe('DEACTIVATED');
    expect((await sql<{ membership_status: string }>('SELECT membership_status FROM persons WHERE id = ?', id)).membership_status).toBe('ACTIVE');
    const open = await all<{ end_reason: string | null }>('SELECT end_reason FROM sessions WHERE person_id = ?', id);
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(open.every((s) => s.end_reason === 'ACCESS_DELETED' || s.end_reason !== null)).toBe(true);
    expect(open.filter((s) => s.end_reason === 'ACCESS_DELETED').length).toBeGreaterThanOrEqual(2);
    expect((await second.rest('getPersonalData')).status).toBe(406);
    expect((await second.graphql(`{ me { id } }`)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const again = await new PortalClient(server.url).graphql<{ login: LoginAnswer }>(LOGIN, { e: email, p: DEMO_PASSWORD });
    expect(again.body.data?.login.error?.code).toBe('DEACTIVATED');

    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/gelöscht/);
    expect(mail.text).toContain('10 Jahre');
    expect((await changesOf(id)).at(-1)).toMatchObject({ area: 'ACCESS', field: 'accessStatus', old_value: 'ACTIVE', new_value: 'DEACTIVATED' });
    expect((await sql<{ n: number }>(`SELECT count(*) AS n FROM security_events WHERE type = 'ACCESS_DELETED' AND person_id = ?`, id)).n).toBe(1);
  });

  it('counts wrong passwords towards the login lockout, so a taken-over session cannot guess without limit', async () => {
    const { id, email } = await sql<{ id: number; email: string }>(
      `SELECT p.id, p.email FROM persons p JOIN credentials c ON c.person_id = p.id
       WHERE ${generatedMemberEmail(server.db, 'p.email')} AND p.membership_status = 'ACTIVE' AND c.access_status = 'ACTIVE' ORDER BY p.id DESC LIMIT 1`,
    );
    const client = await loggedIn(email);
    for (let i = 0; i < 5; i++) {
      const res = await client.graphql<{ deleteAccess: { error: { code: string } | null } }>(DELETE_ACCESS, { input: { currentPassword: `Falsch#${i}Passwort`, confirmed: true } });
      expect(res.body.data?.deleteAccess.error?.code).toBe('ERROR_PWD_INVALID');
    }
    const login = await new PortalClient(server.url).graphql<{ login: LoginAnswer }>(LOGIN, { e: email, p: DEMO_PASSWORD });
    expect(login.body.data?.login.error?.code).toBe('LOCKED_TEMPORARY');
    // While locked, even the right password is not evaluated.
    const right = await client.graphql<{ deleteAccess: { error: { code: string } | null } }>(DELETE_ACCESS, { input: { currentPassword: DEMO_PASSWORD, confirmed: true } });
    expect(right.body.data?.deleteAccess.error?.code).toBe('ERROR_PWD_INVALID');
    expect((await sql<{ access_status: string }>('SELECT access_status FROM credentials WHERE person_id = ?', id)).access_status).toBe('ACTIVE');
    expect((await sql<{ n: number }>(`SELECT count(*) AS n FROM security_events WHERE type = 'LOCKOUT' AND person_id = ?`, id)).n).toBe(1);
  });

  it('shows the retention facts of the terms without a session', async () => {
    const res = await new PortalClient(server.url).graphql<{ retentionFacts: Record<string, number> }>(
      `{ retentionFacts { loginDataYearsAfterDeactivation logFileDays maxRetentionYears accessYearsAfterPayout } }`,
    );
    expect(res.body.data?.retentionFacts).toEqual({ loginDataYearsAfterDeactivation: 10, logFileDays: 180, maxRetentionYears: 30, accessYearsAfterPayout: 10 });
    expect((await new PortalClient(server.url).rest('getRetentionFacts')).json).toEqual(res.body.data?.retentionFacts);
  });
});

describe('e-mail change when the mail server is down', () => {
  it('stores the request with its confirmation mail queued in the outbox (issue 13 item 2)', async () => {
    // Port 1 on the loopback interface: connection refused at once.
    const down = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const client = new PortalClient(down.url);
      await client.graphql(LOGIN, { e: 'anna.muster@example.at', p: DEMO_PASSWORD });
      const res = await client.graphql<{ requestEmailChange: { ok: unknown; error: unknown } }>(REQUEST_EMAIL, {
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
    const member = await sql<{ id: number; email: string }>(
      `SELECT p.id, p.email FROM persons p JOIN credentials c ON c.person_id = p.id
       WHERE ${generatedMemberEmail(server.db, 'p.email')} AND p.membership_status = 'ACTIVE' AND c.access_status = 'ACTIVE' ORDER BY p.id LIMIT 1 OFFSET 2`,
    );
    const client = await loggedIn(member.email);
    const request = (n: number) =>
      client.graphql<{ requestEmailChange: { ok: unknown; error: { code: string } | null } }>(REQUEST_EMAIL, {
        input: { newEmail: `paula.${n}@example.at`, newEmailConfirmation: `paula.${n}@example.at`, currentPassword: DEMO_PASSWORD },
      });
    for (let n = 1; n <= 5; n++) expect((await request(n)).body.data?.requestEmailChange.error).toBeNull();
    await server.deps.mailer.worker.drain();
    smtp.clear();
    expect((await request(6)).body.data?.requestEmailChange).toMatchObject({ ok: null, error: { code: 'ERROR_TOO_MANY_REQUESTS' } });
    await server.deps.mailer.worker.drain();
    expect(smtp.mails).toHaveLength(0);
    // Only the newest request's link works: the earlier ones were closed by the later ones.
    const open = await all<{ payload: string }>(`SELECT payload FROM person_tokens WHERE purpose = 'EMAIL_CHANGE' AND used_at IS NULL AND person_id = ?`, member.id);
    expect(open).toEqual([{ payload: 'paula.5@example.at' }]);

    const day = 24 * 3_600_000 + 1;
    server.clock.advance(day);
    try {
      const later = await loggedIn(member.email);
      const res = await later.graphql<{ requestEmailChange: { error: unknown } }>(REQUEST_EMAIL, {
        input: { newEmail: 'paula.7@example.at', newEmailConfirmation: 'paula.7@example.at', currentPassword: DEMO_PASSWORD },
      });
      expect(res.body.data?.requestEmailChange.error).toBeNull();
    } finally {
      server.clock.advance(-day);
    }
  });
});

/** A trigger that makes every insert into the change log fail, per engine. */
const FAILING_LOG = {
  sqlite: {
    create: [`CREATE TRIGGER profile_changes_fail BEFORE INSERT ON profile_changes BEGIN SELECT RAISE(ABORT, 'test: log unavailable'); END`],
    drop: ['DROP TRIGGER profile_changes_fail'],
  },
  postgresql: {
    create: [
      `CREATE FUNCTION profile_changes_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test: log unavailable'; END $$`,
      'CREATE TRIGGER profile_changes_fail BEFORE INSERT ON profile_changes FOR EACH ROW EXECUTE FUNCTION profile_changes_fail()',
    ],
    drop: ['DROP TRIGGER profile_changes_fail ON profile_changes', 'DROP FUNCTION profile_changes_fail()'],
  },
} as const;

describe('change and change log in one transaction', () => {
  it('rolls the change back when its change log row cannot be written', async () => {
    const anna = await loggedIn('anna.muster@example.at');
    const annaId = await idOf('anna.muster@example.at');
    const before = JSON.stringify([await sql('SELECT * FROM persons WHERE id = ?', annaId), await all('SELECT * FROM bank_accounts WHERE person_id = ?', annaId)]);
    for (const statement of FAILING_LOG[server.db.dialect].create) await sqlRun(server.db, statement);
    try {
      const address = await anna.graphql(CHANGE_ADDRESS, {
        input: { street: 'Rollbackgasse 1', postcode: '8010', city: 'Graz', country: 'AT', poBox: null, validFrom: TEST_TODAY },
      });
      expect(address.body.errors?.[0]?.message).toBe('Unexpected error.');
      const bank = await anna.rest('changeBankDetails', {
        accountHolder: 'Anna Muster',
        bankName: 'Bank',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: '',
        currentPassword: DEMO_PASSWORD,
      });
      expect(bank.status).toBe(500);
      const newsletter = await anna.graphql(`mutation { setNewsletterConsent(pensionFund: false, severanceFund: false) { ok { person { id } } } }`);
      expect(newsletter.body.errors?.length).toBe(1);
    } finally {
      for (const statement of FAILING_LOG[server.db.dialect].drop) await sqlRun(server.db, statement);
    }
    expect(JSON.stringify([await sql('SELECT * FROM persons WHERE id = ?', annaId), await all('SELECT * FROM bank_accounts WHERE person_id = ?', annaId)])).toBe(before);
  });
});
