import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { euro, pdfText } from '../helpers/pdf';
import { sqlAll, sqlOne, sqlRun, sqlValue } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { parseDocumentId } from '../../server/domain/documents/documents.rules';

const LOGIN = `mutation Login($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { ok { status loggedIn } error { code } } }`;
const DOCUMENTS = `query Documents($category: DocumentCategory, $first: Int, $after: String) {
  me {
    unreadDocumentCount
    documentCounts { category total unread }
    documents(category: $category, first: $first, after: $after) {
      totalCount unreadCount endCursor hasNextPage
      nodes { id category fund title documentDate fileName contentType unread readAt downloadUrl }
    }
  }
}`;
const MARK_READ = `mutation Mark($id: ID!) {
  markDocumentRead(input: { id: $id }) { ok { document { id unread readAt } documentCounts { category total unread } } error { code message fieldErrors { field code message } } }
}`;

interface Doc {
  id: string;
  category: string;
  fund: string;
  title: string;
  documentDate: string;
  fileName: string;
  contentType: string;
  unread: boolean;
  readAt: string | null;
  downloadUrl: string;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function login(email: string, target: TestServer = server): Promise<PortalClient> {
  const client = new PortalClient(target.url);
  const res = await client.graphql(LOGIN, { email, password: DEMO_PASSWORD });
  expect((res.body.data as any)?.login?.ok?.loggedIn).toBe(true);
  return client;
}

const anna = () => login('anna.muster@example.at');
const bernd = () => login('bernd.vorsorge@example.at');

async function personId(email: string): Promise<number> {
  return (await sqlOne<{ id: number }>(server.db, 'SELECT id FROM persons WHERE email = ?', email)).id;
}

async function readAtOf(id: string | number): Promise<string | null> {
  return (await sqlOne<{ r: string | null }>(server.db, 'SELECT read_at AS r FROM documents WHERE id = ?', Number(id))).r;
}

async function documentsOf(client: PortalClient, variables: Record<string, unknown> = {}) {
  const res = await client.graphql<{ me: any }>(DOCUMENTS, { first: 200, ...variables });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.me as {
    unreadDocumentCount: number;
    documentCounts: { category: string; total: number; unread: number }[];
    documents: { totalCount: number; unreadCount: number; endCursor: string | null; hasNextPage: boolean; nodes: Doc[] };
  };
}

/** Every header of a response except the ones that differ per answer by nature (Date, Connection, Keep-Alive). */
function stableHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (!['date', 'connection', 'keep-alive'].includes(key)) out[key] = value;
  });
  return out;
}

describe("anna's documents archive", () => {
  it('lists every statement as a document, newest first, with counts per category and the newest statements unread', async () => {
    const me = await documentsOf(await anna());
    const id = await personId('anna.muster@example.at');
    const pkYears = await sqlValue<number>(server.db, 'SELECT count(*) AS n FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ?', id);
    const vkYears = await sqlValue<number>(server.db, 'SELECT count(*) AS n FROM vk_statements s JOIN vk_accounts a ON a.id = s.account_id WHERE a.person_id = ?', id);
    const ownYears = await sqlValue<number>(
      server.db,
      'SELECT count(*) AS n FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ? AND s.employee_contributions_cents > 0',
      id,
    );
    expect(pkYears).toBe(11);
    expect(vkYears).toBe(18);
    expect(ownYears).toBe(11);
    expect(me.documentCounts).toEqual([
      { category: 'TAX_CONFIRMATION', total: ownYears, unread: 0 },
      { category: 'PERFORMANCE_STATEMENT', total: pkYears, unread: 1 },
      { category: 'VK_ACCOUNT_STATEMENT', total: vkYears, unread: 1 },
      { category: 'PAYROLL_ACCOUNT', total: 0, unread: 0 },
      { category: 'PAYMENT_STATEMENT', total: 0, unread: 0 },
      { category: 'PENSION_MODEL_INFO', total: 1, unread: 0 },
      { category: 'CLAIM_CONFIRMATION', total: 0, unread: 0 },
    ]);
    expect(me.unreadDocumentCount).toBe(2);

    const nodes = me.documents.nodes;
    expect(me.documents.totalCount).toBe(pkYears! + vkYears! + ownYears! + 1);
    expect(nodes).toHaveLength(me.documents.totalCount);
    expect(me.documents.hasNextPage).toBe(false);
    const dates = nodes.map((d) => d.documentDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2025-12-31');
    expect(nodes.filter((d) => d.unread).map((d) => [d.category, d.title, d.fileName])).toEqual(
      expect.arrayContaining([
        ['PERFORMANCE_STATEMENT', 'Leistungsnachweis zum 31.12.2025', 'Leistungsnachweis_2025.pdf'],
        ['VK_ACCOUNT_STATEMENT', 'Kontonachricht zum 31.12.2025', 'Kontonachricht_2025.pdf'],
      ]),
    );
    expect(nodes.filter((d) => d.unread)).toHaveLength(2);
    for (const d of nodes) {
      expect(d.downloadUrl).toBe(`/webportal/download?id=${d.id}`);
      expect(d.contentType).toBe('application/pdf');
      expect(d.readAt === null).toBe(d.unread);
      expect(d.fund).toBe(d.category === 'VK_ACCOUNT_STATEMENT' ? 'VK' : 'PK');
    }
    const taxConfirmation = nodes.find((d) => d.category === 'TAX_CONFIRMATION' && d.documentDate === '2024-12-31');
    expect(taxConfirmation?.title).toBe('Bestätigung über Eigenbeiträge 2024 für das Finanzamt');
    expect(nodes.find((d) => d.category === 'PENSION_MODEL_INFO')?.title).toBe('Informationen zum Pensionskassenmodell');
  });

  it('pages with first and after without gaps or repeats, and filters by category', async () => {
    const client = await anna();
    const all = (await documentsOf(client)).documents.nodes.map((d) => d.id);
    const seen: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const page: { nodes: Doc[]; totalCount: number; hasNextPage: boolean; endCursor: string | null } = (await documentsOf(client, { first: 7, after })).documents;
      seen.push(...page.nodes.map((d) => d.id));
      expect(page.totalCount).toBe(all.length);
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(seen).toEqual(all);

    const vk = (await documentsOf(client, { category: 'VK_ACCOUNT_STATEMENT' })).documents;
    expect(vk.nodes.every((d) => d.category === 'VK_ACCOUNT_STATEMENT')).toBe(true);
    expect(vk.totalCount).toBe(18);
    expect(vk.unreadCount).toBe(1);
  });

  it('refuses a page size outside 1..200 and a cursor it did not make as bad input, never as a server error', async () => {
    const client = await anna();
    for (const variables of [
      { first: 0 },
      { first: -1 },
      { first: 201 },
      { after: 'abc' },
      { after: Buffer.from('d:2025-12-31:0').toString('base64url') },
      { after: 'x'.repeat(5000) },
    ]) {
      const res = await client.graphql(DOCUMENTS, variables);
      expect(res.status, JSON.stringify(variables)).toBeLessThan(500);
      expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
  });

  it('links each statement to its document through PensionStatement.document and SeveranceStatement.document, and a tampered Stichtag gives null', async () => {
    const client = await anna();
    const res = await client.graphql<{ me: any }>(`{
      me {
        pensionContracts { statement(stichtag: "2025-12-31") { document { id category title } } tampered: statement(stichtag: "2025-12-30") { document { id } } }
        severanceAccounts { statement(stichtag: "2024-12-31") { document { id category title } } }
      }
    }`);
    expect(res.body.errors).toBeUndefined();
    const me = res.body.data!.me;
    expect(me.pensionContracts[0].statement.document).toMatchObject({ category: 'PERFORMANCE_STATEMENT', title: 'Leistungsnachweis zum 31.12.2025' });
    expect(me.pensionContracts[0].tampered).toBeNull();
    expect(me.severanceAccounts[0].statement.document).toMatchObject({ category: 'VK_ACCOUNT_STATEMENT', title: 'Kontonachricht zum 31.12.2024' });
    const bad = await client.graphql(`{ me { severanceAccounts { statement(stichtag: "2025-13-31") { totalEntitlement } } } }`);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.errors?.length).toBeGreaterThan(0);
  });
});

describe('GET /webportal/download', () => {
  it("answers last year's VK statement as a PDF with the total entitlement of the account information and anna's name, and marks it read", async () => {
    const client = await anna();
    const info = await client.graphql<{ me: any }>(
      `{ me { severanceAccounts { statement(stichtag: "2025-12-31") { totalEntitlement guaranteedCapital contributions investmentResult } } } }`,
    );
    const statement = info.body.data!.me.severanceAccounts[0].statement;
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
    const client = await anna();
    const info = await client.graphql<{ me: any }>(`{ me { pensionContracts { contractNumber statement(stichtag: "2024-12-31") {
      reserve fluctuationReserve totalCapital employerContributions employeeContributions employerTransfers employeeTransfers
      premium108a investmentResult costs pensionPayments shortfall projectedYearlyPension } } } }`);
    const contract = info.body.data!.me.pensionContracts[0];
    const s = contract.statement;
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
    const client = await anna();
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
    const client = await anna();
    const doc = (await documentsOf(client, { category: 'PENSION_MODEL_INFO' })).documents.nodes[0]!;
    const first = Buffer.from(await (await client.fetch(doc.downloadUrl)).arrayBuffer());
    server.clock.advance(60_000);
    const second = Buffer.from(await (await client.fetch(doc.downloadUrl)).arrayBuffer());
    expect(first.length).toBeGreaterThan(1000);
    expect(second.equals(first)).toBe(true);
    expect(await pdfText(first)).toContain('Informationen zum Pensionskassenmodell');
  });

  it("answers bernd's request for anna's document, unknown and malformed ids with the same 404 and no PDF bytes", async () => {
    const annaClient = await anna();
    const annaDoc = (await documentsOf(annaClient, { category: 'PERFORMANCE_STATEMENT' })).documents.nodes.find((d) => d.unread)!;
    const maxId = (await sqlValue<number>(server.db, 'SELECT max(id) AS m FROM documents'))!;
    const client = await bernd();
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
    expect(await readAtOf(annaDoc.id)).toBeNull();
  });

  it("answers any id value with 404, or with the PDF only when it names one of the caller's own documents; never a 500", async () => {
    const client = await bernd();
    const own = new Set((await sqlAll<{ id: number }>(server.db, 'SELECT id FROM documents WHERE person_id = ?', await personId('bernd.vorsorge@example.at'))).map((r) => r.id));
    const maxId = (await sqlValue<number>(server.db, 'SELECT max(id) AS m FROM documents'))!;
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
    const anonymous = new PortalClient(server.url);
    for (const q of ['id=1', 'id=abc', '']) {
      const res = await anonymous.fetch(`/webportal/download?${q}`);
      expect(res.status).toBe(406);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toMatchObject({ error: 'SESSION_INVALID' });
    }
    const client = await anna();
    server.clock.advance(14 * 60_000 + 1);
    try {
      const res = await client.fetch('/webportal/download?id=1');
      expect(res.status).toBe(423);
      expect(await res.json()).toMatchObject({ error: 'SESSION_TIMEOUT' });
    } finally {
      server.clock.advance(-(14 * 60_000 + 1));
    }
  });

  it('answers 405 to other methods', async () => {
    const client = await anna();
    const res = await client.fetch('/webportal/download?id=1', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('markDocumentRead', () => {
  it('marks an own document read once, idempotently, and refreshes the counts', async () => {
    const client = await anna();
    const doc = (await documentsOf(client, { category: 'PERFORMANCE_STATEMENT' })).documents.nodes.find((d) => d.documentDate === '2025-12-31')!;
    const first = await client.graphql<{ markDocumentRead: any }>(MARK_READ, { id: doc.id });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.markDocumentRead.error).toBeNull();
    const payload = first.body.data!.markDocumentRead.ok;
    expect(payload).toMatchObject({ document: { id: doc.id, unread: false } });
    expect(payload.documentCounts.find((c: any) => c.category === 'PERFORMANCE_STATEMENT')).toEqual({ category: 'PERFORMANCE_STATEMENT', total: 11, unread: 0 });
    const readAt = await readAtOf(doc.id);
    expect(readAt).toBe(payload.document.readAt);
    server.clock.advance(1000);
    const again = await client.graphql<{ markDocumentRead: any }>(MARK_READ, { id: doc.id });
    expect(again.body.data!.markDocumentRead).toMatchObject({ ok: { document: { readAt } }, error: null });
  });

  it("answers the same NOT_FOUND for anna's id asked by bernd, an unknown and a malformed id, and changes nothing", async () => {
    // A fresh unread document of anna: reset the newest Kontonachricht to unread.
    const annaDoc = await sqlOne<{ id: number }>(
      server.db,
      `SELECT id FROM documents WHERE person_id = ? AND category = 'VK_ACCOUNT_STATEMENT' ORDER BY document_date DESC LIMIT 1`,
      await personId('anna.muster@example.at'),
    );
    await sqlRun(server.db, 'UPDATE documents SET read_at = NULL WHERE id = ?', annaDoc.id);
    const readAts = async () => (await sqlAll<{ read_at: string | null }>(server.db, 'SELECT read_at FROM documents ORDER BY id')).map((r) => r.read_at);
    const before = await readAts();
    const client = await bernd();
    const payloads = [];
    for (const id of [String(annaDoc.id), '99999999', 'abc', '-1', '1e3', '']) {
      const res = await client.graphql<{ markDocumentRead: any }>(MARK_READ, { id });
      expect(res.body.errors, id).toBeUndefined();
      payloads.push(res.body.data!.markDocumentRead);
    }
    for (const p of payloads) {
      expect(p).toEqual({ ok: null, error: { code: 'NOT_FOUND', message: 'Das Dokument wurde nicht gefunden.', fieldErrors: [] } });
    }
    expect(await readAts()).toEqual(before);
  });

  it('throws UNAUTHENTICATED without a session', async () => {
    const res = await new PortalClient(server.url).graphql(MARK_READ, { id: '1' });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await readAtOf(1)).not.toBeUndefined();
  });
});

describe('regional tenant', () => {
  let regional: TestServer;
  beforeAll(async () => {
    regional = await startTestServer({ members: 5, env: { TENANT: 'regional' } });
  });
  afterAll(async () => {
    await regional.close();
  });

  it('offers no documents: empty list and counts, NOT_FOUND for an own id, 404 on download', async () => {
    const client = await login('bernd.vorsorge@example.at', regional);
    const me = await documentsOf(client);
    expect(me.documents).toMatchObject({ totalCount: 0, unreadCount: 0, nodes: [], hasNextPage: false, endCursor: null });
    expect(me.documentCounts).toEqual([]);
    expect(me.unreadDocumentCount).toBe(0);
    const own = await sqlOne<{ id: number }>(
      regional.db,
      `SELECT d.id FROM documents d JOIN persons p ON p.id = d.person_id WHERE p.email = 'bernd.vorsorge@example.at' AND d.read_at IS NULL LIMIT 1`,
    );
    const mark = await client.graphql<{ markDocumentRead: any }>(MARK_READ, { id: String(own.id) });
    expect(mark.body.data!.markDocumentRead).toMatchObject({ ok: null, error: { code: 'NOT_FOUND' } });
    const res = await client.fetch(`/webportal/download?id=${own.id}&lng=de`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'NOT_FOUND', message: 'Das Dokument wurde nicht gefunden.' });
    const statement = await client.graphql<{ me: any }>(`{ me { severanceAccounts { statement { document { id } } } } }`);
    expect(statement.body.data!.me.severanceAccounts[0].statement.document).toBeNull();
  });
});
