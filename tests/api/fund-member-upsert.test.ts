import { describe, expect, it, vi } from 'vitest';
import { makeSvnr } from '@contract/svnr';
import { createFundTestClient } from '../helpers/fund-client';
import { sqlAll, sqlOne, sqlValue } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { IMPORT_STATEMENT, newMemberInput, pkFiguresAfter, UPSERT_MEMBER } from './fund-import-operations';
import { type ImportAnswer, importSuite, type UpsertAnswer } from '../helpers/fund-import-suite';

/**
 * upsertMember on the fund's API (decision 0057): creates and updates a person with one registration letter, refuses
 * bad fields with the member side's rules and changes nothing, 403 without members:write.
 */
const s = importSuite();
const { latestPk, footprint, importInput } = s;

describe('upsertMember', () => {
  it('creates a person with contract, account and employer, queues one registration letter, then updates by SVNR, with an event per change', async () => {
    const vrg = Number(await sqlValue(s.server.db, 'SELECT min(number) FROM vrgs'));
    const svnr = makeSvnr(997, '1988-04-12')!;
    const input = newMemberInput(`${svnr.slice(0, 4)} ${svnr.slice(4)}`);
    input.pensionContracts[0]!.vrg = vrg;
    const created = await s.fund.query<UpsertAnswer>(UPSERT_MEMBER, { input });
    expect(created.body.data!.upsertMember.error).toBeNull();
    const ok = created.body.data!.upsertMember.ok!;
    expect(ok).toMatchObject({ svnr, created: true, changed: true, registrationLetterQueued: true });
    const person = await sqlOne<Record<string, unknown>>(
      s.server.db,
      'SELECT first_name, last_name, birth_date, postcode, city, country, email, title_prefix FROM persons WHERE id = ?',
      ok.personId,
    );
    expect(person).toEqual({
      first_name: 'Theresia',
      last_name: 'Neumitglied',
      birth_date: '1988-04-12',
      postcode: '1020',
      city: 'Wien',
      country: 'AT',
      email: null,
      title_prefix: 'Mag.',
    });
    const holdings = await sqlAll(
      s.server.db,
      `SELECT c.contract_number AS n, e.customer_number AS k FROM pk_contracts c JOIN employers e ON e.id = c.employer_id WHERE c.person_id = ?
       UNION ALL SELECT a.account_number, e.customer_number FROM vk_accounts a JOIN employers e ON e.id = a.employer_id WHERE a.person_id = ?`,
      ok.personId,
      ok.personId,
    );
    expect(holdings).toEqual([
      { n: 'PK-9900001', k: 'K-990001' },
      { n: 'VK-99000001', k: 'K-990001' },
    ]);
    const code = await sqlOne<{ kind: string; origin: string; code_hash: string }>(
      s.server.db,
      'SELECT kind, origin, code_hash FROM registration_codes WHERE person_id = ?',
      ok.personId,
    );
    expect(code).toMatchObject({ kind: 'REGISTRATION_CODE', origin: 'FUND' });
    await vi.waitFor(async () =>
      expect(await sqlValue(s.server.db, 'SELECT letter_file FROM registration_codes WHERE person_id = ?', ok.personId)).toMatch(/^\d{4}-\d{2}[/\\]registrierungscode-\d+\.pdf$/),
    );

    // The same input again, a day later: nothing written (the address keeps its valid-from date), no second letter, no event.
    s.server.clock.advance(86_400_000);
    const first = s.fund;
    s.fund = await createFundTestClient(s.server, 'documents:write members:write events:read', 'Kernsystem, nächster Tag');
    const before = await footprint();
    const same = await s.fund.query<UpsertAnswer>(UPSERT_MEMBER, { input });
    expect(same.body.data!.upsertMember.ok).toMatchObject({ personId: ok.personId, created: false, changed: false, registrationLetterQueued: false });
    expect(await footprint()).toEqual(before);

    // An update by SVNR: a new address, a second account; still one registration code.
    const update = {
      ...input,
      address: { street: 'Hauptplatz 3', postcode: '8010', city: 'Graz', country: 'AT' },
      severanceAccounts: [
        ...input.severanceAccounts,
        { accountNumber: 'VK-99000002', employer: { customerNumber: 'K-990002', name: 'Zweite AG', city: 'Graz' }, startDate: '2025-03-01', status: 'ACTIVE' },
      ],
    };
    const updated = await s.fund.query<UpsertAnswer>(UPSERT_MEMBER, { input: update });
    expect(updated.body.data!.upsertMember.ok).toMatchObject({ personId: ok.personId, created: false, changed: true, registrationLetterQueued: false });
    expect(await sqlOne(s.server.db, 'SELECT street, postcode, city FROM persons WHERE id = ?', ok.personId)).toEqual({ street: 'Hauptplatz 3', postcode: '8010', city: 'Graz' });
    expect(Number(await sqlValue(s.server.db, 'SELECT count(*) FROM vk_accounts WHERE person_id = ?', ok.personId))).toBe(2);
    expect(Number(await sqlValue(s.server.db, 'SELECT count(*) FROM registration_codes WHERE person_id = ?', ok.personId))).toBe(1);

    const events = await sqlAll<{ actor: string; data: string }>(
      s.server.db,
      "SELECT actor, data FROM fund_events WHERE type = 'member.upserted' AND person_id = ? ORDER BY id",
      ok.personId,
    );
    expect(events.map((e) => e.actor)).toEqual([`client:${first.clientId}`, `client:${s.fund.clientId}`]);
    expect(events.map((e) => (JSON.parse(e.data) as { created: boolean }).created)).toEqual([true, false]);
    expect((JSON.parse(events[1]!.data) as { changedFields: string[] }).changedFields).toEqual(expect.arrayContaining(['street', 'postcode', 'city']));

    // The statement of the new contract starts from 0.
    const firstStatement = pkFiguresAfter(0);
    const imported = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, {
      input: importInput({ svnr, contractNumber: 'PK-9900001', stichtag: '2024-12-31', figures: { pk: firstStatement } }),
    });
    expect(imported.body.data!.importStatement.ok).toMatchObject({ personId: ok.personId, notice: 'LETTER' });
  });

  it('refuses bad fields with the member side’s rules, another person’s contract, and a member’s own e-mail; nothing changed', async () => {
    const vrg = Number(await sqlValue(s.server.db, 'SELECT min(number) FROM vrgs'));
    const anna = await latestPk('anna');
    const base = newMemberInput(makeSvnr(996, '1970-01-01')!);
    base.pensionContracts[0]!.vrg = vrg;
    base.pensionContracts[0]!.contractNumber = 'PK-9900009';
    base.severanceAccounts[0]!.accountNumber = 'VK-99000009';
    const annaPerson = await sqlOne<{ svnr: string; first_name: string; last_name: string; birth_date: string; lfn: number; gender: string }>(
      s.server.db,
      'SELECT svnr, first_name, last_name, birth_date, lfn, gender FROM persons WHERE id = ?',
      anna.personId,
    );
    const annaInput = {
      ...base,
      svnr: annaPerson.svnr,
      firstName: annaPerson.first_name,
      lastName: annaPerson.last_name,
      birthDate: annaPerson.birth_date,
      lfn: Number(annaPerson.lfn),
      gender: annaPerson.gender,
      pensionContracts: [],
      severanceAccounts: [],
    };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['bad check digit', { ...base, svnr: '2237010180' }, 'SVNR_INVALID', 'svnr'],
      ['postcode of five digits', { ...base, address: { ...base.address, postcode: '10200' } }, 'ADDRESS_INVALID', 'address.postcode'],
      ['HTML in the name', { ...base, lastName: '<script>alert(1)</script>' }, 'NAME_INVALID', 'lastName'],
      ['birth date in the future', { ...base, birthDate: '2030-01-01' }, 'BIRTH_DATE_INVALID', 'birthDate'],
      ['bad e-mail', { ...base, email: 'not-an-email' }, 'EMAIL_INVALID', 'email'],
      ['no holdings', { ...base, pensionContracts: [], severanceAccounts: [] }, 'NO_HOLDINGS', 'pensionContracts'],
      ['unknown VRG', { ...base, pensionContracts: [{ ...base.pensionContracts[0], vrg: 999_999 }] }, 'VRG_UNKNOWN', 'pensionContracts.0.vrg'],
      [
        'rate too high',
        { ...base, pensionContracts: [{ ...base.pensionContracts[0], calculationInterestRateBp: 601 }] },
        'CONTRACT_INVALID',
        'pensionContracts.0.calculationInterestRateBp',
      ],
      [
        'beneficiary without pension',
        { ...base, pensionContracts: [{ ...base.pensionContracts[0], role: 'BENEFICIARY' }] },
        'CONTRACT_INVALID',
        'pensionContracts.0.pensionStartDate',
      ],
      ['duplicate account', { ...base, severanceAccounts: [base.severanceAccounts[0], base.severanceAccounts[0]] }, 'DUPLICATE_NUMBER', 'severanceAccounts.1'],
      [
        'another person’s contract',
        { ...base, pensionContracts: [{ ...base.pensionContracts[0], contractNumber: anna.contractNumber }] },
        'CONTRACT_OF_OTHER_PERSON',
        'pensionContracts.0.contractNumber',
      ],
      ['another person’s e-mail', { ...base, email: emailOf('bernd') }, 'EMAIL_TAKEN', 'email'],
      ['a member’s login e-mail', { ...annaInput, email: 'fund-changed@example.at' }, 'EMAIL_MANAGED_BY_MEMBER', 'email'],
    ];
    const before = await footprint();
    for (const [name, input, code, field] of cases) {
      const answer = await s.fund.query<UpsertAnswer>(UPSERT_MEMBER, { input });
      expect([name, answer.status, answer.body.data?.upsertMember.error]).toEqual([name, 200, expect.objectContaining({ code, field })]);
    }
    expect(await footprint()).toEqual(before);
    expect(await sqlValue(s.server.db, 'SELECT email FROM persons WHERE id = ?', anna.personId)).toBe(emailOf('anna'));
  });

  it('answers 403 naming members:write without the scope', async () => {
    const documentsOnly = await createFundTestClient(s.server, 'documents:write', 'Nur Dokumente');
    const answer = await documentsOnly.query(UPSERT_MEMBER, { input: newMemberInput(makeSvnr(995, '1980-01-01')!) });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.[0]?.extensions?.scope).toBe('members:write');
  });
});
