import { describe, expect, it } from 'vitest';
import { NEWSLETTER_TERMS_VERSION } from '@contract/consent';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { withFailingInserts } from '../helpers/failing-inserts';
import { sqlAll, sqlOne } from '../helpers/raw-sql';
import { loginAs } from '../helpers/scenarios';
import { useServerWithSmtp } from '../helpers/server-with-smtp';
import { TEST_TODAY } from '../helpers/test-server';
import {
  BANK_ACCOUNT,
  BENEFIT_DIGITAL,
  CHANGE_ADDRESS,
  CHANGE_BANK,
  CHANGE_PHONE,
  CONSENT_RECORDS,
  HISTORY,
  HISTORY_FIRST,
  NEWSLETTER,
  NEWSLETTER_DIALOG,
  PHONE,
} from './profile-operations';
import { changesOf, personIdOf, sessionHashOf } from './profile-helpers';

/**
 * Profile settings (spec 001 sections 2 "Profile", 5 and 8) through the real server over HTTP, with a real SMTP
 * server receiving the portal's mails: address, phone, bank details, newsletter and delivery settings, and the change
 * log of each. The e-mail change: profile-email-change.test.ts; deleting the access: profile-delete-access.test.ts.
 */

const suite = useServerWithSmtp();

const sql = <T = Record<string, unknown>>(query: string, ...params: unknown[]) => sqlOne<T>(suite.server.db, query, ...params);
const all = <T = Record<string, unknown>>(query: string, ...params: unknown[]) => sqlAll<T>(suite.server.db, query, ...params);

describe('address change', () => {
  it('stores the new address, shows it in me and in REST getPersonalData, and logs each changed field with session and IP', async () => {
    const anna = await loginAs(suite.server, 'anna');
    const annaId = await personIdOf(suite.server, 'anna');
    const before = (await changesOf(suite.server, annaId)).length;
    const input = { street: 'Mariahilfer Straße 12/3', postcode: '1060', city: 'Wien', country: 'Österreich', poBox: '', validFrom: '2026-11-01' };
    const res = await anna.operation(CHANGE_ADDRESS, { input });
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

    const rows = (await changesOf(suite.server, annaId)).slice(before);
    expect(rows.map((r) => r.field)).toEqual(expect.arrayContaining(['street', 'postcode', 'validFrom']));
    for (const r of rows) {
      expect(r).toMatchObject({ area: 'ADDRESS', actor: 'MEMBER', session_hash: sessionHashOf(anna), ip_address: '127.0.0.1' });
    }
    expect(rows.find((r) => r.field === 'postcode')).toMatchObject({ new_value: '1060' });
  });

  it('accepts a German address with a German postcode and stores the country code', async () => {
    const clara = await loginAs(suite.server, 'clara');
    const res = await clara.operation(CHANGE_ADDRESS, {
      input: { street: 'Unter den Linden 1', postcode: '10117', city: 'Berlin', country: 'de', poBox: 'Postfach 12', validFrom: TEST_TODAY },
    });
    expect(res.body.data?.changeAddress.ok?.person.address.country).toBe('DE');
  });
});

describe('phone change', () => {
  it('stores a number of the spec’s phone rule, logs it as a PHONE change, refuses other characters and lengths, and removes it when empty', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const berndId = await personIdOf(suite.server, 'bernd');
    const before = (await sql<{ phone: string | null }>('SELECT phone FROM persons WHERE id = ?', berndId)).phone;

    for (const [phone, code] of [
      ['0664 123 (privat)', 'INVALID_CHARACTERS'],
      ['+43 12', 'TOO_SHORT'],
      ['1'.repeat(31), 'TOO_LONG'],
      ['0664\u202e1234567', 'INVALID_CHARACTERS'],
    ] as const) {
      const refused = await bernd.operation(CHANGE_PHONE, { input: { phone: JSON.parse(`"${phone}"`) as string } });
      expect(refused.body.data?.changePhone, phone).toMatchObject({ ok: null, error: { code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'phone', code }] } });
    }
    expect((await sql<{ phone: string | null }>('SELECT phone FROM persons WHERE id = ?', berndId)).phone).toBe(before);

    const saved = await bernd.operation(CHANGE_PHONE, { input: { phone: '  +43 1/234  56-78 ' } });
    expect(saved.body.data?.changePhone).toMatchObject({ ok: { person: { phone: '+43 1/234 56-78' } }, error: null });
    const me = await bernd.operation(PHONE);
    expect(me.body.data?.me?.phone).toBe('+43 1/234 56-78');
    const logged = (await changesOf(suite.server, berndId)).filter((c) => c.area === 'PHONE');
    expect(logged.at(-1)).toMatchObject({ field: 'phone', old_value: before, new_value: '+43 1/234 56-78', actor: 'MEMBER' });

    const removed = await bernd.operation(CHANGE_PHONE, { input: { phone: '' } });
    expect(removed.body.data?.changePhone.ok?.person).toMatchObject({ phone: null });

    const anonymous = await new PortalClient(suite.server.url).operation(CHANGE_PHONE, { input: { phone: '0664 1234567' } });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('bank details', () => {
  it('adds a bank account entry from a grouped Austrian IBAN, keeps the old one, and logs the IBAN masked only', async () => {
    const anna = await loginAs(suite.server, 'anna');
    const annaId = await personIdOf(suite.server, 'anna');
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

    const me = await anna.operation(BANK_ACCOUNT);
    expect(me.body.data?.me?.bankAccount).toEqual({
      accountHolder: 'Anna Muster',
      bankName: 'Erste Bank',
      iban: 'AT611904300234573201',
      ibanMasked: 'AT61 **** **** **** 3201',
      bic: null,
      validFrom: TEST_TODAY,
    });
    const legacy = (await anna.rest('getPersonalData')).json as Record<string, { bankverbindung: Record<string, unknown> }>;
    expect(legacy.VBVPK!.bankverbindung).toEqual({ kontoinhaber: 'Anna Muster', bankname: 'Erste Bank', iban: 'AT611904300234573201', bic: null, gueltigAb: TEST_TODAY });

    const ibanRow = (await changesOf(suite.server, annaId)).filter((r) => r.area === 'BANK_ACCOUNT' && r.field === 'iban').at(-1)!;
    expect(ibanRow.new_value).toBe('AT61 **** **** **** 3201');
    const everything = JSON.stringify(await all('SELECT * FROM profile_changes'));
    expect(everything).not.toContain('AT611904300234573201');
    expect(everything).not.toContain('1904 3002 3457');
  });

  it('takes a Swiss IBAN only with a BIC, and a future start leaves the current account in force until that day', async () => {
    const clara = await loginAs(suite.server, 'clara');
    const swiss = {
      accountHolder: 'Clara Pension',
      bankName: 'UBS Switzerland AG',
      iban: 'CH93 0076 2011 6238 5295 7',
      bic: 'UBSW CHZH 80A',
      validFrom: '2026-12-01',
      currentPassword: DEMO_PASSWORD,
    };
    const noBic = await clara.operation(CHANGE_BANK, { input: { ...swiss, bic: null } });
    expect(noBic.body.data?.changeBankDetails).toMatchObject({ ok: null, error: { fieldErrors: [{ field: 'bic', code: 'BIC_REQUIRED' }] } });

    const current = (await clara.operation(BANK_ACCOUNT)).body.data?.me?.bankAccount;
    expect(current?.iban).not.toMatch(/^CH/);
    const ok = await clara.operation(CHANGE_BANK, { input: swiss });
    expect(ok.body.data?.changeBankDetails.error).toBeNull();
    expect(ok.body.data?.changeBankDetails.ok?.person.bankAccount).toEqual(current);
    expect((await sql<{ bic: string }>(`SELECT bic FROM bank_accounts WHERE iban = 'CH9300762011623852957'`)).bic).toBe('UBSWCHZH80A');

    const days = 9 * 86_400_000;
    suite.server.clock.advance(days);
    try {
      const later = await loginAs(suite.server, 'clara');
      const account = (await later.operation(BANK_ACCOUNT)).body.data?.me?.bankAccount;
      expect(account).toMatchObject({ iban: 'CH9300762011623852957', validFrom: '2026-12-01' });
    } finally {
      suite.server.clock.advance(-days);
    }
  });
});

describe('newsletter and electronic delivery', () => {
  it('log their changes through the same service calls as the login-time dialogs', async () => {
    const ida = await loginAs(suite.server, 'ida');
    const idaId = await personIdOf(suite.server, 'ida');
    const before = (await changesOf(suite.server, idaId)).length;
    const res = await ida.operation(NEWSLETTER, { pk: true, vk: false });
    expect(res.body.data?.setNewsletterConsent).toEqual({ ok: { person: { preferences: { newsletterPk: true, newsletterVk: false } } }, error: null });
    await ida.operation(BENEFIT_DIGITAL);
    expect((await ida.rest('setABPBPerMail', { aBPBPerMail: 'true' })).status).toBe(200);
    const rows = (await changesOf(suite.server, idaId)).slice(before);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ area: 'NEWSLETTER', field: 'newsletterPk', old_value: null, new_value: 'true', session_hash: sessionHashOf(ida) }),
        expect.objectContaining({ area: 'NEWSLETTER', field: 'newsletterVk', old_value: null, new_value: 'false' }),
        expect.objectContaining({ area: 'DELIVERY', field: 'benefitStatementDigital', new_value: 'true' }),
        expect.objectContaining({ area: 'DELIVERY', field: 'accountStatementByMail', old_value: 'false', new_value: 'true' }),
      ]),
    );
    // The same value again is no change and writes no row.
    await ida.operation(BENEFIT_DIGITAL);
    expect((await changesOf(suite.server, idaId)).length).toBe(before + rows.length);
  });
});

describe('newsletter consent records', () => {
  it('keeps every decision with its time, the text version and the terms tick, readable by the member only', async () => {
    const ida = await loginAs(suite.server, 'ida');
    const idaId = await personIdOf(suite.server, 'ida');
    const before = (await all<{ id: number }>('SELECT id FROM consent_records WHERE person_id = ?', idaId)).length;
    suite.server.clock.advance(60_000);
    const at = new Date(suite.server.clock.now()).toISOString();
    const res = await ida.operation(NEWSLETTER_DIALOG);
    expect(res.body.data?.setNewsletterConsent.ok?.person.id).toBeTruthy();
    suite.server.clock.advance(60_000);
    // The legacy REST call has no terms field: recorded with the tick unknown.
    expect((await ida.rest('setNewsletter', { newsletterVk: 'true', showNewsletterVk: 'true' })).status).toBe(200);

    const records = (await ida.operation(CONSENT_RECORDS)).body.data!.me!.consentRecords;
    expect(records.length).toBe(before + 3);
    expect(records.slice(0, 3)).toEqual([
      {
        subject: 'NEWSLETTER_VK',
        granted: true,
        termsAccepted: null,
        textVersion: NEWSLETTER_TERMS_VERSION,
        channel: 'REST',
        recordedAt: new Date(suite.server.clock.now()).toISOString(),
      },
      { subject: 'NEWSLETTER_VK', granted: false, termsAccepted: true, textVersion: NEWSLETTER_TERMS_VERSION, channel: 'LOGIN_DIALOG', recordedAt: at },
      { subject: 'NEWSLETTER_PK', granted: true, termsAccepted: true, textVersion: NEWSLETTER_TERMS_VERSION, channel: 'LOGIN_DIALOG', recordedAt: at },
    ]);
    // Another member sees none of them.
    const anna = await loginAs(suite.server, 'anna');
    const annas = (await anna.operation(CONSENT_RECORDS)).body.data!.me!.consentRecords;
    expect(annas.every((r) => r.recordedAt !== at)).toBe(true);
    expect(await all('SELECT person_id FROM consent_records WHERE recorded_at = ?', at)).toEqual([{ person_id: idaId }, { person_id: idaId }]);
  });
});

describe('change history', () => {
  it('shows the member their own changes only, newest first, with `first` limiting the list', async () => {
    const anna = await loginAs(suite.server, 'anna');
    const res = await anna.operation(HISTORY);
    const history = res.body.data!.me!.changeHistory;
    const annaId = await personIdOf(suite.server, 'anna');
    expect(history.length).toBe((await changesOf(suite.server, annaId)).length);
    expect(history.every((c) => ['ADDRESS', 'BANK_ACCOUNT'].includes(c.area))).toBe(true);
    const times = history.map((c) => c.changedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Number(history[0]!.id)).toBeGreaterThan(Number(history.at(-1)!.id));
    expect((await anna.operation(HISTORY_FIRST, { first: 2 })).body.data!.me!.changeHistory).toHaveLength(2);
    const legacy = (await anna.rest('getChangeHistory', { first: '1' })).json as unknown as { area: string; field: string }[];
    expect(legacy).toHaveLength(1);
    expect(legacy[0]).toMatchObject({ area: history[0]!.area, field: history[0]!.field });
  });

  it('never holds a password', async () => {
    expect(JSON.stringify(await all('SELECT * FROM profile_changes'))).not.toContain(DEMO_PASSWORD);
  });
});

describe('change and change log in one transaction', () => {
  it('rolls the change back when its change log row cannot be written', async () => {
    const anna = await loginAs(suite.server, 'anna');
    const annaId = await personIdOf(suite.server, 'anna');
    const before = JSON.stringify([
      await sql('SELECT * FROM persons WHERE id = ?', annaId),
      await all('SELECT * FROM bank_accounts WHERE person_id = ?', annaId),
      await all('SELECT * FROM fund_events WHERE person_id = ?', annaId),
    ]);
    await withFailingInserts(suite.server.db, 'profile_changes', async () => {
      const address = await anna.operation(CHANGE_ADDRESS, {
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
      const newsletter = await anna.operation(NEWSLETTER, { pk: false, vk: false });
      expect(newsletter.body.errors?.length).toBe(1);
    });
    // The change, its log rows and the fund's event (decision 0053) are one transaction: none of them stayed.
    expect(
      JSON.stringify([
        await sql('SELECT * FROM persons WHERE id = ?', annaId),
        await all('SELECT * FROM bank_accounts WHERE person_id = ?', annaId),
        await all('SELECT * FROM fund_events WHERE person_id = ?', annaId),
      ]),
    ).toBe(before);
  });
});
