import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocumentId } from '../../server/modules/documents/documents.rules';
import { graphql } from '../gql';
import { PortalClient } from '../helpers/client';
import { euro, pdfText } from '../helpers/pdf';
import { sqlAll, sqlValue } from '../helpers/raw-sql';
import { loginAs } from '../helpers/scenarios';
import { suiteServer } from '../helpers/suite-server';
import { documentsOf, personIdOf, readAtOf } from './documents-helpers';

/**
 * GET /webportal/download (spec 001 section 3): the archive's PDFs with the statement's figures, file names,
 * byte-identical renders, one 404 for every id that is not the caller's own, the session checks.
 */
const VK_FIGURES = graphql(`
  query DocumentsDownloadVkFigures {
    me {
      severanceAccounts {
        statement(stichtag: "2025-12-31") {
          totalEntitlement
          guaranteedCapital
          contributions
          investmentResult
        }
      }
    }
  }
`);
const PK_FIGURES = graphql(`
  query DocumentsDownloadPkFigures {
    me {
      pensionContracts {
        contractNumber
        statement(stichtag: "2024-12-31") {
          ...PensionStatementTables_PensionStatementFragment
        }
      }
    }
  }
`);

const server = suiteServer();

/** Every header of a response except the ones that differ per answer by nature (Date, Connection, Keep-Alive). */
function stableHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (!['date', 'connection', 'keep-alive'].includes(key)) out[key] = value;
  });
  return out;
}

describe('GET /webportal/download', () => {
  it("answers last year's VK statement as a PDF with the total entitlement of the account information and anna's name, and marks it read", async () => {
    const client = await loginAs(server(), 'anna');
    const info = await client.operation(VK_FIGURES);
    const statement = info.body.data!.me!.severanceAccounts[0]!.statement!;
    const doc = (await documentsOf(client, { category: 'VK_ACCOUNT_STATEMENT' })).documents.nodes.find((d) => d.documentDate === '2025-12-31')!;
    expect(doc.unread).toBe(true);

    const res = await client.fetch(`${doc.downloadUrl}&lng=de`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Kontonachricht_2025.pdf"; filename*=UTF-8''Kontonachricht_2025.pdf`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(bytes);
    expect(text).toContain(euro(statement.totalEntitlement));
    expect(text).toContain(euro(statement.guaranteedCapital));
    expect(text).toContain(euro(statement.contributions));
    expect(text).toContain(euro(statement.investmentResult));
    expect(text).toContain('Mag.a Anna Muster');
    expect(text).toContain('Lindengasse 12/4');
    expect(text).toContain('1070 Wien');
    expect(text).toContain('Kontonachricht zum 31.12.2025');
    expect(text).toContain('VBV-Gruppe');
    for (const label of [
      'Gesamtanspruch',
      'Garantierte Kapitalsumme',
      'Bisher ausbezahlt',
      'Beiträge im Kalenderjahr',
      'Beiträge aus anderen Vorsorgekassen',
      'Verwaltungskosten',
      'Kosten des Sozialversicherungsträgers',
      'Zugewiesenes Veranlagungsergebnis',
      'Auszahlung',
      'Treuebonus',
      'Überschussbeteiligung',
    ]) {
      expect(text, label).toContain(label);
    }

    const after = await documentsOf(client, { category: 'VK_ACCOUNT_STATEMENT' });
    expect(after.documents.nodes.find((d) => d.id === doc.id)?.unread).toBe(false);
    expect(after.documentCounts.find((c) => c.category === 'VK_ACCOUNT_STATEMENT')?.unread).toBe(0);
  });

  it('renders the PK performance statement with every field of spec 001 section 3 and the figures of the statement', async () => {
    const client = await loginAs(server(), 'anna');
    const info = await client.operation(PK_FIGURES);
    const contract = info.body.data!.me!.pensionContracts[0]!;
    const s = contract.statement!;
    const doc = (await documentsOf(client, { category: 'PERFORMANCE_STATEMENT' })).documents.nodes.find((d) => d.documentDate === '2024-12-31')!;
    const res = await client.fetch(doc.downloadUrl);
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    for (const label of [
      'Deckungsrückstellung',
      'Schwankungsrückstellung',
      'Gesamtes Pensionskapital',
      'Arbeitgeberbeiträge',
      'Arbeitnehmerbeiträge (Eigenbeiträge)',
      'Übertragungen durch den Arbeitgeber',
      'Übertragungen durch die Arbeitnehmerin/den Arbeitnehmer',
      'Prämie gemäß § 108a EStG',
      'Veranlagungsergebnis',
      'Verwaltungskosten',
      'Pensionsleistungen',
      'Fehlbetrag aus der Änderung der Rechnungsgrundlagen',
      'Voraussichtliche Jahrespension',
    ]) {
      expect(text, label).toContain(label);
    }
    for (const cents of [
      s.reserve,
      s.fluctuationReserve,
      s.totalCapital,
      s.employerContributions,
      s.employeeContributions,
      s.premium108a,
      s.investmentResult,
      s.shortfall,
      s.projectedYearlyPension,
    ]) {
      expect(text).toContain(euro(cents));
    }
    expect(text).toContain(euro(-s.costs));
    expect(text).toContain('Leistungsnachweis zum 31.12.2024');
    expect(text).toContain(contract.contractNumber);
    expect(text).toContain('31.12.2024');
  });

  it('names a file with umlauts in filename* (UTF-8) and folds them in the ASCII fallback', async () => {
    const client = await loginAs(server(), 'anna');
    const doc = (await documentsOf(client, { category: 'TAX_CONFIRMATION' })).documents.nodes[0]!;
    const res = await client.fetch(doc.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Bestaetigung_Eigenbeitraege_2025.pdf"; filename*=UTF-8''Best%C3%A4tigung_Eigenbeitr%C3%A4ge_2025.pdf`,
    );
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Bestätigung über Eigenbeiträge 2025 für das Finanzamt');
    expect(text).toContain('Prämie gemäß § 108a EStG');
  });

  it('renders byte-identical PDFs for the same stored data', async () => {
    const client = await loginAs(server(), 'anna');
    const doc = (await documentsOf(client, { category: 'PENSION_MODEL_INFO' })).documents.nodes[0]!;
    const first = Buffer.from(await (await client.fetch(doc.downloadUrl)).arrayBuffer());
    server().clock.advance(60_000);
    const second = Buffer.from(await (await client.fetch(doc.downloadUrl)).arrayBuffer());
    expect(first.length).toBeGreaterThan(1000);
    expect(second.equals(first)).toBe(true);
    expect(await pdfText(first)).toContain('Informationen zum Pensionskassenmodell');
  });

  it("answers bernd's request for anna's document, unknown and malformed ids with the same 404 and no PDF bytes", async () => {
    const annaClient = await loginAs(server(), 'anna');
    const annaDoc = (await documentsOf(annaClient, { category: 'PERFORMANCE_STATEMENT' })).documents.nodes.find((d) => d.unread)!;
    const maxId = (await sqlValue<number>(server().db, 'SELECT max(id) AS m FROM documents'))!;
    const client = await loginAs(server(), 'bernd');
    const ids = [
      `id=${annaDoc.id}`,
      `id=${maxId + 1000}`,
      'id=abc',
      'id=-1',
      'id=1e3',
      'id=0',
      'id=0x10',
      `id=0${annaDoc.id}`,
      'id=99999999999999999999999999',
      'id=9007199254740993',
      'id=',
      '',
      `id=${annaDoc.id}&id=${annaDoc.id}`,
      'id=%00',
      'id=1%20',
      "id=1'%20OR%201=1",
    ];
    const answers = [];
    for (const q of ids) {
      const res = await client.fetch(`/webportal/download?${q}&lng=de`);
      answers.push({ q, status: res.status, headers: stableHeaders(res), body: await res.text() });
    }
    for (const a of answers) {
      expect(a.status, a.q).toBe(404);
      expect(a.headers, a.q).toEqual(answers[0]!.headers);
      expect(a.body, a.q).toBe(answers[0]!.body);
      expect(a.body, a.q).not.toContain('%PDF');
      expect(a.headers['content-type'], a.q).toBe('application/json; charset=utf-8');
      expect(a.headers['content-disposition'], a.q).toBeUndefined();
    }
    expect(JSON.parse(answers[0]!.body)).toEqual({ error: 'NOT_FOUND', message: 'Das Dokument wurde nicht gefunden.' });
    expect(await readAtOf(server().db, annaDoc.id)).toBeNull();
  });

  it("answers any id value with 404, or with the PDF only when it names one of the caller's own documents; never a 500", async () => {
    const client = await loginAs(server(), 'bernd');
    const own = new Set((await sqlAll<{ id: number }>(server().db, 'SELECT id FROM documents WHERE person_id = ?', await personIdOf(server().db, 'bernd'))).map((r) => r.id));
    const maxId = (await sqlValue<number>(server().db, 'SELECT max(id) AS m FROM documents'))!;
    const ids = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.integer({ min: -5, max: maxId + 5 }).map(String),
      fc.constantFrom('1e3', '0x1', '1.0', ' 1', '+1', '%', '%%', '%ZZ', '\u0000', '1\n'),
    );
    await fc.assert(
      fc.asyncProperty(ids, async (value) => {
        const res = await client.fetch(`/webportal/download?id=${encodeURIComponent(value)}&lng=de`);
        const parsed = parseDocumentId(value);
        const expected = parsed !== null && own.has(parsed) ? 200 : 404;
        expect(res.status, JSON.stringify(value)).toBe(expected);
        expect(res.headers.get('content-type')).toBe(expected === 200 ? 'application/pdf' : 'application/json; charset=utf-8');
        await res.arrayBuffer();
      }),
      { numRuns: 150 },
    );
  });

  it('answers 406 without a session and 423 after the idle time-out, before looking at the id', async () => {
    const anonymous = new PortalClient(server().url);
    for (const q of ['id=1', 'id=abc', '']) {
      const res = await anonymous.fetch(`/webportal/download?${q}`);
      expect(res.status).toBe(406);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toMatchObject({ error: 'SESSION_INVALID' });
    }
    const client = await loginAs(server(), 'anna');
    server().clock.advance(14 * 60_000 + 1);
    try {
      const res = await client.fetch('/webportal/download?id=1');
      expect(res.status).toBe(423);
      expect(await res.json()).toMatchObject({ error: 'SESSION_TIMEOUT' });
    } finally {
      server().clock.advance(-(14 * 60_000 + 1));
    }
  });

  it('answers 405 to other methods', async () => {
    const client = await loginAs(server(), 'anna');
    const res = await client.fetch('/webportal/download?id=1', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
