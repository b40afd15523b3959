import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSvnr } from '@contract/svnr';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { countRows, sqlAll, sqlOne, sqlRun, sqlValue } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { IMPORT_STATEMENT, minimalPdf, newMemberInput, pkFiguresAfter, UPSERT_MEMBER, vkFiguresAfter } from './fund-import-operations';
import { cachedRequests, tablesRead } from './response-cache-requests';

/**
 * Statements and members in through the fund's API (decision 0057), on the engine of the run: an imported statement
 * reaches the member's account information, dashboard and documents at once (through the response cache, decision
 * 0038) with the figures to the cent and the PDF as sent, the notice goes by delivery choice, a repeat changes nothing,
 * every refusal changes nothing; upsertMember creates and updates a person with one registration letter.
 */
let server: TestServer;
let fund: FundTestClient;
let lettersDir: string;
/** Today of these tests: 20 January 2027, so the Stichtag 31.12.2026 lies in the past. */
const TODAY_MS = Date.parse('2027-01-20T09:00:00Z');

interface ImportAnswer {
  importStatement: {
    ok: { personId: number; fund: string; contractNumber: string; stichtag: string; statementId: string; documentId: string | null; notice: string; pdfSha256: string } | null;
    error: { code: string; message: string; field: string | null } | null;
  };
}
interface UpsertAnswer {
  upsertMember: {
    ok: { personId: number; svnr: string; created: boolean; changed: boolean; registrationLetterQueued: boolean } | null;
    error: { code: string; field: string | null } | null;
  };
}

beforeAll(async () => {
  lettersDir = mkdtempSync(join(tmpdir(), 'fund-import-letters-'));
  server = await startTestServer({ members: 2, background: false, env: { LETTERS_DIR: lettersDir, FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
  server.clock.set(TODAY_MS);
  fund = await createFundTestClient(server, 'documents:write members:write events:read');
});
afterAll(async () => {
  await server.close();
  rmSync(lettersDir, { recursive: true, force: true });
});

/** The latest PK statement of a scenario's persona, with the contract and the person. */
async function latestPk(scenario: 'anna' | 'clara' | 'rosa') {
  return sqlOne<{ personId: number; svnr: string; contractNumber: string; stichtag: string; total: number }>(
    server.db,
    `SELECT p.id AS "personId", p.svnr AS svnr, c.contract_number AS "contractNumber", s.stichtag AS stichtag, s.total_capital_cents AS total
       FROM persons p JOIN pk_contracts c ON c.person_id = p.id JOIN pk_statements s ON s.contract_id = c.id
      WHERE p.email = ? ORDER BY s.stichtag DESC, c.id LIMIT 1`,
    emailOf(scenario),
  );
}

/** What an import or upsert may write, counted: a repeat or a refusal must leave all of it unchanged. */
async function footprint(): Promise<Record<string, number>> {
  const tables = [
    'persons',
    'pk_contracts',
    'vk_accounts',
    'employers',
    'pk_statements',
    'vk_statements',
    'documents',
    'document_files',
    'fund_events',
    'registration_codes',
    'idempotency_keys',
  ];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, Number(await countRows(server.db, t))] as const)));
  // A queued mail is sent (outbox row deleted, sent_mails row written) as soon as its transaction committed.
  // One query, so that a mail sent between two counts is not counted twice.
  return { ...counts, mails: Number(await sqlValue(server.db, 'SELECT (SELECT count(*) FROM mail_outbox) + (SELECT count(*) FROM sent_mails) AS n')) };
}

function importInput<T extends Record<string, unknown>>(over: T) {
  return { idempotencyKey: `import-${Math.random().toString(36).slice(2)}-key`, fund: 'PK', stichtag: '2026-12-31', pdf: minimalPdf().toString('base64'), ...over };
}

const MEMBER_VIEW = `{
  me {
    pensionContracts { contractNumber stichtage statement(stichtag: "2026-12-31") { stichtag reserve fluctuationReserve totalCapital employerContributions employeeContributions premium108a investmentResult costs shortfall projectedYearlyPension balanceChange { opening closing firstStatement steps { kind amount } } } }
    documents(category: PERFORMANCE_STATEMENT, first: 5) { nodes { id title documentDate fileName downloadUrl } }
  }
}`;

describe('importStatement', () => {
  it('shows the new Stichtag to the member at once through the response cache, with the figures to the cent and the PDF as sent, and queues the e-mail notice', async () => {
    const anna = await loginAs(server, 'anna');
    const pk = await latestPk('anna');
    expect(pk.stichtag).toBe('2025-12-31');
    const { dashboardPost, documentsPost } = cachedRequests();
    const read = async (request: typeof dashboardPost) => {
      let text = '';
      const tables = await tablesRead(server.db, async () => {
        text = await (await anna.fetch(request.path, request.init)).text();
      });
      return { text, tables };
    };
    await read(dashboardPost);
    await read(documentsPost);
    // The cache is on: a repeated read is answered without reading the statements or documents.
    expect((await read(dashboardPost)).tables).not.toContain('pk_statements');
    expect((await read(documentsPost)).tables).not.toContain('documents');
    expect((await read(dashboardPost)).text).not.toContain('2026-12-31');

    const figures = pkFiguresAfter(Number(pk.total));
    const pdf = minimalPdf('anna 2026');
    const before = await footprint();
    const answer = await fund.query<ImportAnswer>(IMPORT_STATEMENT, {
      input: importInput({ svnr: pk.svnr, contractNumber: pk.contractNumber, figures: { pk: figures }, pdf: pdf.toString('base64') }),
    });
    expect(answer.status).toBe(200);
    const ok = answer.body.data!.importStatement.ok!;
    expect(answer.body.data!.importStatement.error).toBeNull();
    expect(ok).toMatchObject({ personId: Number(pk.personId), fund: 'PK', contractNumber: pk.contractNumber, stichtag: '2026-12-31', notice: 'EMAIL' });
    const after = await footprint();
    expect(after).toEqual({
      ...before,
      pk_statements: before.pk_statements! + 1,
      documents: before.documents! + 1,
      document_files: before.document_files! + 1,
      mails: before.mails! + 1,
      fund_events: before.fund_events! + 1,
      idempotency_keys: before.idempotency_keys! + 1,
    });

    // The cached answers show the new statement and document at once.
    const dashboard = await read(dashboardPost);
    expect(dashboard.tables).toContain('pk_statements');
    expect(dashboard.text).toContain('"stichtag":"2026-12-31"');
    expect(dashboard.text).toContain(`"totalCapital":${figures.totalCapitalCents}`);
    expect((await read(documentsPost)).text).toContain('Leistungsnachweis zum 31.12.2026');

    const view = await anna.graphql<{
      me: {
        pensionContracts: { contractNumber: string; stichtage: string[]; statement: Record<string, unknown> | null }[];
        documents: { nodes: { id: string; title: string; documentDate: string; downloadUrl: string }[] };
      };
    }>(MEMBER_VIEW);
    const contract = view.body.data!.me.pensionContracts.find((c) => c.contractNumber === pk.contractNumber)!;
    expect(contract.stichtage).toContain('2026-12-31');
    expect(contract.statement).toMatchObject({
      stichtag: '2026-12-31',
      reserve: figures.reserveCents,
      fluctuationReserve: figures.fluctuationReserveCents,
      totalCapital: figures.totalCapitalCents,
      employerContributions: 120_000,
      employeeContributions: 30_000,
      premium108a: 1_275,
      investmentResult: 5_017,
      costs: 2_503,
      projectedYearlyPension: 345_678,
      balanceChange: { opening: Number(pk.total), closing: figures.totalCapitalCents, firstStatement: false },
    });
    const steps = (contract.statement!.balanceChange as { steps: { kind: string }[] }).steps.map((s) => s.kind);
    expect(steps).not.toContain('OTHER_CHANGE');
    const document = view.body.data!.me.documents.nodes.find((d) => d.id === ok.documentId)!;
    expect(document).toMatchObject({ title: 'Leistungsnachweis zum 31.12.2026', documentDate: '2026-12-31' });
    const download = await anna.fetch(document.downloadUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    const mails = await sqlAll<{ kind: string; recipient: string }>(
      server.db,
      "SELECT kind, recipient FROM mail_outbox WHERE person_id = ? AND kind = 'STATEMENT_NOTICE' UNION ALL SELECT kind, recipient FROM sent_mails WHERE person_id = ? AND kind = 'STATEMENT_NOTICE'",
      pk.personId,
      pk.personId,
    );
    expect(mails).toEqual([{ kind: 'STATEMENT_NOTICE', recipient: emailOf('anna') }]);

    const event = await sqlOne<{ type: string; actor: string; data: string }>(
      server.db,
      "SELECT type, actor, data FROM fund_events WHERE type = 'statement.imported' ORDER BY id DESC LIMIT 1",
    );
    expect(event.actor).toBe(`client:${fund.clientId}`);
    expect(JSON.parse(event.data)).toMatchObject({ fund: 'PK', contractNumber: pk.contractNumber, stichtag: '2026-12-31', statementId: Number(ok.statementId), notice: 'EMAIL' });
  });

  it('answers the same import twice with the first result and changes nothing; the same key with other input and a new key for the same Stichtag are refused', async () => {
    const clara = await latestPk('clara');
    await sqlRun(server.db, 'UPDATE persons SET benefit_statement_digital = ? WHERE id = ?', server.db.dialect === 'sqlite' ? 0 : false, clara.personId);
    const input = importInput({ svnr: clara.svnr, contractNumber: clara.contractNumber, figures: { pk: pkFiguresAfter(Number(clara.total)) } });
    const first = await fund.query<ImportAnswer>(IMPORT_STATEMENT, { input });
    expect(first.body.data!.importStatement.ok).toMatchObject({ notice: 'LETTER' });
    const statementId = first.body.data!.importStatement.ok!.statementId;
    // Letter delivery: the PDF is handed to the print service's folder after the commit.
    const letter = join(lettersDir, '2027-01', `kontoinformation-pk-${statementId}.pdf`);
    await vi.waitFor(() => expect(existsSync(letter)).toBe(true));
    expect(readFileSync(letter).equals(minimalPdf())).toBe(true);

    const before = await footprint();
    const again = await fund.query<ImportAnswer>(IMPORT_STATEMENT, { input });
    expect(again.body.data).toEqual(first.body.data);
    expect(await footprint()).toEqual(before);

    const otherInput = await fund.query<ImportAnswer>(IMPORT_STATEMENT, { input: { ...input, figures: { pk: { ...input.figures.pk, projectedYearlyPensionCents: 1 } } } });
    expect(otherInput.body.data!.importStatement.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotencyKey' });
    const newKey = await fund.query<ImportAnswer>(IMPORT_STATEMENT, { input: { ...input, idempotencyKey: 'another-key-for-the-same-stichtag' } });
    expect(newKey.body.data!.importStatement.error).toMatchObject({ code: 'STATEMENT_EXISTS', field: 'stichtag' });
    expect(await footprint()).toEqual(before);
  });

  it('imports a Vorsorgekasse statement whose three balances roll forward', async () => {
    const vk = await sqlOne<{ svnr: string; accountNumber: string; total: number; guaranteed: number; paidOut: number }>(
      server.db,
      `SELECT p.svnr AS svnr, a.account_number AS "accountNumber", s.total_entitlement_cents AS total, s.guaranteed_capital_cents AS guaranteed, s.paid_out_total_cents AS "paidOut"
         FROM persons p JOIN vk_accounts a ON a.person_id = p.id JOIN vk_statements s ON s.account_id = a.id
        WHERE p.email = ? AND s.stichtag = '2025-12-31' ORDER BY a.id LIMIT 1`,
      emailOf('bernd'),
    );
    const figures = vkFiguresAfter({ total: Number(vk.total), guaranteed: Number(vk.guaranteed), paidOut: Number(vk.paidOut) });
    const wrong = await fund.query<ImportAnswer>(IMPORT_STATEMENT, {
      input: importInput({
        fund: 'VK',
        svnr: vk.svnr,
        contractNumber: vk.accountNumber,
        figures: { vk: { ...figures, guaranteedCapitalCents: figures.guaranteedCapitalCents + 1 } },
      }),
    });
    expect(wrong.body.data!.importStatement.error).toMatchObject({ code: 'FIGURES_DO_NOT_ADD_UP', field: 'figures.vk.guaranteedCapitalCents' });
    const answer = await fund.query<ImportAnswer>(IMPORT_STATEMENT, {
      input: importInput({ fund: 'VK', svnr: vk.svnr, contractNumber: vk.accountNumber, figures: { vk: figures } }),
    });
    const ok = answer.body.data!.importStatement.ok!;
    expect(ok).toMatchObject({ fund: 'VK', stichtag: '2026-12-31' });
    const stored = await sqlOne<Record<string, number>>(
      server.db,
      'SELECT total_entitlement_cents AS t, guaranteed_capital_cents AS g FROM vk_statements WHERE id = ?',
      Number(ok.statementId),
    );
    expect([Number(stored.t), Number(stored.g)]).toEqual([figures.totalEntitlementCents, figures.guaranteedCapitalCents]);
    // Bernd holds several accounts: the title names the account, as the seeded statements do.
    const document = await sqlOne<{ category: string; source_table: string; title: string }>(
      server.db,
      'SELECT category, source_table, title FROM documents WHERE id = ?',
      Number(ok.documentId),
    );
    expect(document).toEqual({ category: 'VK_ACCOUNT_STATEMENT', source_table: 'vk_statements', title: `Kontonachricht zum 31.12.2026 – Konto ${vk.accountNumber}` });
  });

  it('refuses with a code and changes nothing: key, SVNR, contract, Stichtag, figures, PDF', async () => {
    const rosa = await latestPk('rosa');
    const bernd = await sqlOne<{ accountNumber: string }>(
      server.db,
      'SELECT a.account_number AS "accountNumber" FROM vk_accounts a JOIN persons p ON p.id = a.person_id WHERE p.email = ? LIMIT 1',
      emailOf('bernd'),
    );
    const good = { svnr: rosa.svnr, contractNumber: rosa.contractNumber, stichtag: '2026-12-31', figures: { pk: pkFiguresAfter(Number(rosa.total)) } };
    const badSum = pkFiguresAfter(Number(rosa.total));
    badSum.reserveCents += 1;
    const cases: [string, Record<string, unknown>, string, string | null][] = [
      ['short key', { ...good, idempotencyKey: 'short' }, 'IDEMPOTENCY_KEY_INVALID', 'idempotencyKey'],
      ['bad check digit', { ...good, svnr: '2237010180' }, 'SVNR_INVALID', 'svnr'],
      ['unknown SVNR', { ...good, svnr: makeSvnr(998, '1961-07-03')! }, 'UNKNOWN_SVNR', 'svnr'],
      ['unknown contract', { ...good, contractNumber: 'PK-0000000' }, 'UNKNOWN_CONTRACT', 'contractNumber'],
      ['SQL in the number', { ...good, contractNumber: "x' OR 1=1 --" }, 'CONTRACT_NUMBER_INVALID', 'contractNumber'],
      [
        'another person’s account',
        { ...good, fund: 'VK', contractNumber: bernd.accountNumber, figures: { vk: vkFiguresAfter({ total: 0, guaranteed: 0, paidOut: 0 }) } },
        'CONTRACT_OF_OTHER_PERSON',
        'contractNumber',
      ],
      ['future Stichtag', { ...good, stichtag: '2027-12-31' }, 'STICHTAG_IN_FUTURE', 'stichtag'],
      ['not a 31 December', { ...good, stichtag: '2026-06-30' }, 'STICHTAG_INVALID', 'stichtag'],
      ['before the contract', { ...good, stichtag: '1950-12-31' }, 'STICHTAG_BEFORE_START', 'stichtag'],
      ['existing Stichtag', { ...good, stichtag: '2025-12-31' }, 'STATEMENT_EXISTS', 'stichtag'],
      ['VK figures for PK', { ...good, figures: { vk: vkFiguresAfter({ total: 0, guaranteed: 0, paidOut: 0 }) } }, 'FIGURES_FUND_MISMATCH', 'figures'],
      ['both groups', { ...good, figures: { pk: good.figures.pk, vk: vkFiguresAfter({ total: 0, guaranteed: 0, paidOut: 0 }) } }, 'FIGURES_FUND_MISMATCH', 'figures'],
      ['reserves not the total', { ...good, figures: { pk: badSum } }, 'FIGURES_DO_NOT_ADD_UP', 'figures.pk.totalCapitalCents'],
      ['negative costs', { ...good, figures: { pk: { ...good.figures.pk, costsCents: -1 } } }, 'FIGURE_OUT_OF_RANGE', 'figures.pk.costsCents'],
      ['not a PDF', { ...good, pdf: Buffer.from('<html>not a pdf</html>').toString('base64') }, 'PDF_INVALID', 'pdf'],
      ['not base64', { ...good, pdf: '%PDF-1.4 raw text' }, 'PDF_INVALID', 'pdf'],
      [
        'too large',
        { ...good, pdf: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024), Buffer.from('\n%%EOF\n')]).toString('base64') },
        'PDF_TOO_LARGE',
        'pdf',
      ],
    ];
    const before = await footprint();
    for (const [name, over, code, field] of cases) {
      const answer = await fund.query<ImportAnswer>(IMPORT_STATEMENT, { input: importInput(over) });
      expect([name, answer.status, answer.body.data?.importStatement.error?.code, answer.body.data?.importStatement.error?.field]).toEqual([name, 200, code, field]);
      expect(answer.body.data!.importStatement.ok).toBeNull();
    }
    expect(await footprint()).toEqual(before);
  });

  it('answers 403 naming documents:write without the scope, and runs nothing', async () => {
    const readOnly = await createFundTestClient(server, 'events:read members:write', 'Nur lesen');
    const pk = await latestPk('anna');
    const before = await footprint();
    const answer = await readOnly.query(IMPORT_STATEMENT, { input: importInput({ svnr: pk.svnr, contractNumber: pk.contractNumber, figures: { pk: pkFiguresAfter(0) } }) });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.[0]?.extensions?.scope).toBe('documents:write');
    expect(await footprint()).toEqual(before);
  });
});

describe('upsertMember', () => {
  it('creates a person with contract, account and employer, queues one registration letter, then updates by SVNR, with an event per change', async () => {
    const vrg = Number(await sqlValue(server.db, 'SELECT min(number) FROM vrgs'));
    const svnr = makeSvnr(997, '1988-04-12')!;
    const input = newMemberInput(`${svnr.slice(0, 4)} ${svnr.slice(4)}`);
    input.pensionContracts[0]!.vrg = vrg;
    const created = await fund.query<UpsertAnswer>(UPSERT_MEMBER, { input });
    expect(created.body.data!.upsertMember.error).toBeNull();
    const ok = created.body.data!.upsertMember.ok!;
    expect(ok).toMatchObject({ svnr, created: true, changed: true, registrationLetterQueued: true });
    const person = await sqlOne<Record<string, unknown>>(
      server.db,
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
      server.db,
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
      server.db,
      'SELECT kind, origin, code_hash FROM registration_codes WHERE person_id = ?',
      ok.personId,
    );
    expect(code).toMatchObject({ kind: 'REGISTRATION_CODE', origin: 'FUND' });
    await vi.waitFor(async () =>
      expect(await sqlValue(server.db, 'SELECT letter_file FROM registration_codes WHERE person_id = ?', ok.personId)).toMatch(/^\d{4}-\d{2}[/\\]registrierungscode-\d+\.pdf$/),
    );

    // The same input again, a day later: nothing written (the address keeps its valid-from date), no second letter, no event.
    server.clock.advance(86_400_000);
    const first = fund;
    fund = await createFundTestClient(server, 'documents:write members:write events:read', 'Kernsystem, nächster Tag');
    const before = await footprint();
    const same = await fund.query<UpsertAnswer>(UPSERT_MEMBER, { input });
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
    const updated = await fund.query<UpsertAnswer>(UPSERT_MEMBER, { input: update });
    expect(updated.body.data!.upsertMember.ok).toMatchObject({ personId: ok.personId, created: false, changed: true, registrationLetterQueued: false });
    expect(await sqlOne(server.db, 'SELECT street, postcode, city FROM persons WHERE id = ?', ok.personId)).toEqual({ street: 'Hauptplatz 3', postcode: '8010', city: 'Graz' });
    expect(Number(await sqlValue(server.db, 'SELECT count(*) FROM vk_accounts WHERE person_id = ?', ok.personId))).toBe(2);
    expect(Number(await sqlValue(server.db, 'SELECT count(*) FROM registration_codes WHERE person_id = ?', ok.personId))).toBe(1);

    const events = await sqlAll<{ actor: string; data: string }>(
      server.db,
      "SELECT actor, data FROM fund_events WHERE type = 'member.upserted' AND person_id = ? ORDER BY id",
      ok.personId,
    );
    expect(events.map((e) => e.actor)).toEqual([`client:${first.clientId}`, `client:${fund.clientId}`]);
    expect(events.map((e) => (JSON.parse(e.data) as { created: boolean }).created)).toEqual([true, false]);
    expect((JSON.parse(events[1]!.data) as { changedFields: string[] }).changedFields).toEqual(expect.arrayContaining(['street', 'postcode', 'city']));

    // The statement of the new contract starts from 0.
    const firstStatement = pkFiguresAfter(0);
    const imported = await fund.query<ImportAnswer>(IMPORT_STATEMENT, {
      input: importInput({ svnr, contractNumber: 'PK-9900001', stichtag: '2024-12-31', figures: { pk: firstStatement } }),
    });
    expect(imported.body.data!.importStatement.ok).toMatchObject({ personId: ok.personId, notice: 'LETTER' });
  });

  it('refuses bad fields with the member side’s rules, another person’s contract, and a member’s own e-mail; nothing changed', async () => {
    const vrg = Number(await sqlValue(server.db, 'SELECT min(number) FROM vrgs'));
    const anna = await latestPk('anna');
    const base = newMemberInput(makeSvnr(996, '1970-01-01')!);
    base.pensionContracts[0]!.vrg = vrg;
    base.pensionContracts[0]!.contractNumber = 'PK-9900009';
    base.severanceAccounts[0]!.accountNumber = 'VK-99000009';
    const annaPerson = await sqlOne<{ svnr: string; first_name: string; last_name: string; birth_date: string; lfn: number; gender: string }>(
      server.db,
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
      const answer = await fund.query<UpsertAnswer>(UPSERT_MEMBER, { input });
      expect([name, answer.status, answer.body.data?.upsertMember.error]).toEqual([name, 200, expect.objectContaining({ code, field })]);
    }
    expect(await footprint()).toEqual(before);
    expect(await sqlValue(server.db, 'SELECT email FROM persons WHERE id = ?', anna.personId)).toBe(emailOf('anna'));
  });

  it('answers 403 naming members:write without the scope', async () => {
    const documentsOnly = await createFundTestClient(server, 'documents:write', 'Nur Dokumente');
    const answer = await documentsOnly.query(UPSERT_MEMBER, { input: newMemberInput(makeSvnr(995, '1980-01-01')!) });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.[0]?.extensions?.scope).toBe('members:write');
  });
});
