import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { makeSvnr } from '@contract/svnr';
import { createFundTestClient } from '../helpers/fund-client';
import { sqlAll, sqlOne, sqlRun } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { IMPORT_STATEMENT, minimalPdf, pkFiguresAfter, vkFiguresAfter } from './fund-import-operations';
import { cachedRequests, tablesRead } from './response-cache-requests';
import { type ImportAnswer, importSuite, MEMBER_VIEW } from '../helpers/fund-import-suite';

/**
 * Statements in through the fund's API (decision 0057), on the engine of the run: an imported statement reaches the
 * member's account information, dashboard and documents at once (through the response cache, decision 0038) with the
 * figures to the cent and the PDF as sent, the notice goes by delivery choice, a repeat changes nothing, every refusal
 * changes nothing. upsertMember is in fund-member-upsert.test.ts.
 */
const s = importSuite();
const { latestPk, footprint, importInput } = s;

describe('importStatement', () => {
  it('shows the new Stichtag to the member at once through the response cache, with the figures to the cent and the PDF as sent, and queues the e-mail notice', async () => {
    const anna = await loginAs(s.server, 'anna');
    const pk = await latestPk('anna');
    expect(pk.stichtag).toBe('2025-12-31');
    const { dashboardPost, documentsPost } = cachedRequests();
    const read = async (request: typeof dashboardPost) => {
      let text = '';
      const tables = await tablesRead(s.server.db, async () => {
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
    const answer = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, {
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
      s.server.db,
      "SELECT kind, recipient FROM mail_outbox WHERE person_id = ? AND kind = 'STATEMENT_NOTICE' UNION ALL SELECT kind, recipient FROM sent_mails WHERE person_id = ? AND kind = 'STATEMENT_NOTICE'",
      pk.personId,
      pk.personId,
    );
    expect(mails).toEqual([{ kind: 'STATEMENT_NOTICE', recipient: emailOf('anna') }]);

    const event = await sqlOne<{ type: string; actor: string; data: string }>(
      s.server.db,
      "SELECT type, actor, data FROM fund_events WHERE type = 'statement.imported' ORDER BY id DESC LIMIT 1",
    );
    expect(event.actor).toBe(`client:${s.fund.clientId}`);
    expect(JSON.parse(event.data)).toMatchObject({ fund: 'PK', contractNumber: pk.contractNumber, stichtag: '2026-12-31', statementId: Number(ok.statementId), notice: 'EMAIL' });
  });

  it('answers the same import twice with the first result and changes nothing; the same key with other input and a new key for the same Stichtag are refused', async () => {
    const clara = await latestPk('clara');
    await sqlRun(s.server.db, 'UPDATE persons SET benefit_statement_digital = ? WHERE id = ?', s.server.db.dialect === 'sqlite' ? 0 : false, clara.personId);
    const input = importInput({ svnr: clara.svnr, contractNumber: clara.contractNumber, figures: { pk: pkFiguresAfter(Number(clara.total)) } });
    const first = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, { input });
    expect(first.body.data!.importStatement.ok).toMatchObject({ notice: 'LETTER' });
    const statementId = first.body.data!.importStatement.ok!.statementId;
    // Letter delivery: the PDF is handed to the print service's folder after the commit.
    const letter = join(s.lettersDir, '2027-01', `kontoinformation-pk-${statementId}.pdf`);
    await vi.waitFor(() => expect(existsSync(letter)).toBe(true));
    expect(readFileSync(letter).equals(minimalPdf())).toBe(true);

    const before = await footprint();
    const again = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, { input });
    expect(again.body.data).toEqual(first.body.data);
    expect(await footprint()).toEqual(before);

    const otherInput = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, { input: { ...input, figures: { pk: { ...input.figures.pk, projectedYearlyPensionCents: 1 } } } });
    expect(otherInput.body.data!.importStatement.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotencyKey' });
    const newKey = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, { input: { ...input, idempotencyKey: 'another-key-for-the-same-stichtag' } });
    expect(newKey.body.data!.importStatement.error).toMatchObject({ code: 'STATEMENT_EXISTS', field: 'stichtag' });
    expect(await footprint()).toEqual(before);
  });

  it('imports a Vorsorgekasse statement whose three balances roll forward', async () => {
    const vk = await sqlOne<{ svnr: string; accountNumber: string; total: number; guaranteed: number; paidOut: number }>(
      s.server.db,
      `SELECT p.svnr AS svnr, a.account_number AS "accountNumber", s.total_entitlement_cents AS total, s.guaranteed_capital_cents AS guaranteed, s.paid_out_total_cents AS "paidOut"
         FROM persons p JOIN vk_accounts a ON a.person_id = p.id JOIN vk_statements s ON s.account_id = a.id
        WHERE p.email = ? AND s.stichtag = '2025-12-31' ORDER BY a.id LIMIT 1`,
      emailOf('bernd'),
    );
    const figures = vkFiguresAfter({ total: Number(vk.total), guaranteed: Number(vk.guaranteed), paidOut: Number(vk.paidOut) });
    const wrong = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, {
      input: importInput({
        fund: 'VK',
        svnr: vk.svnr,
        contractNumber: vk.accountNumber,
        figures: { vk: { ...figures, guaranteedCapitalCents: figures.guaranteedCapitalCents + 1 } },
      }),
    });
    expect(wrong.body.data!.importStatement.error).toMatchObject({ code: 'FIGURES_DO_NOT_ADD_UP', field: 'figures.vk.guaranteedCapitalCents' });
    const answer = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, {
      input: importInput({ fund: 'VK', svnr: vk.svnr, contractNumber: vk.accountNumber, figures: { vk: figures } }),
    });
    const ok = answer.body.data!.importStatement.ok!;
    expect(ok).toMatchObject({ fund: 'VK', stichtag: '2026-12-31' });
    const stored = await sqlOne<Record<string, number>>(
      s.server.db,
      'SELECT total_entitlement_cents AS t, guaranteed_capital_cents AS g FROM vk_statements WHERE id = ?',
      Number(ok.statementId),
    );
    expect([Number(stored.t), Number(stored.g)]).toEqual([figures.totalEntitlementCents, figures.guaranteedCapitalCents]);
    // Bernd holds several accounts: the title names the account, as the seeded statements do.
    const document = await sqlOne<{ category: string; source_table: string; title: string }>(
      s.server.db,
      'SELECT category, source_table, title FROM documents WHERE id = ?',
      Number(ok.documentId),
    );
    expect(document).toEqual({ category: 'VK_ACCOUNT_STATEMENT', source_table: 'vk_statements', title: `Kontonachricht zum 31.12.2026 – Konto ${vk.accountNumber}` });
  });

  it('refuses with a code and changes nothing: key, SVNR, contract, Stichtag, figures, PDF', async () => {
    const rosa = await latestPk('rosa');
    const bernd = await sqlOne<{ accountNumber: string }>(
      s.server.db,
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
      const answer = await s.fund.query<ImportAnswer>(IMPORT_STATEMENT, { input: importInput(over) });
      expect([name, answer.status, answer.body.data?.importStatement.error?.code, answer.body.data?.importStatement.error?.field]).toEqual([name, 200, code, field]);
      expect(answer.body.data!.importStatement.ok).toBeNull();
    }
    expect(await footprint()).toEqual(before);
  });

  it('answers 403 naming documents:write without the scope, and runs nothing', async () => {
    const readOnly = await createFundTestClient(s.server, 'events:read members:write', 'Nur lesen');
    const pk = await latestPk('anna');
    const before = await footprint();
    const answer = await readOnly.query(IMPORT_STATEMENT, { input: importInput({ svnr: pk.svnr, contractNumber: pk.contractNumber, figures: { pk: pkFiguresAfter(0) } }) });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.[0]?.extensions?.scope).toBe('documents:write');
    expect(await footprint()).toEqual(before);
  });
});
