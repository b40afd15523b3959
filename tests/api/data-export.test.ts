import { readdirSync } from 'node:fs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { sqlAll } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { DATA_EXPORT_JOB } from '../../server/modules/data-export/data-export.rules';
import { createJobsStore } from '../../server/platform/jobs/jobs.store';
import { isoInstant } from '../../server/platform/shared/clock';

/**
 * The member's data archive (GDPR Art. 15 and 20; docs/decisions/0052-data-archive.md): requested with the password,
 * built by the scheduled job `data-export.run` (also after a worker died holding its lease), downloaded only by its
 * owner within minutes of typing the password again, and refused once its 7 days are over. Real server over HTTP.
 */
const REQUEST = graphql(`
  mutation DataExportTestRequest($input: RequestDataExportInput!) {
    requestDataExport(input: $input) {
      ok {
        id
        status
      }
      error {
        ...FieldErrorCodes
      }
    }
  }
`);
const UNLOCK = graphql(`
  mutation DataExportTestUnlock($input: UnlockDataExportDownloadInput!) {
    unlockDataExportDownload(input: $input) {
      ok {
        url
        validUntil
      }
      error {
        code
      }
    }
  }
`);
const CURRENT = graphql(`
  query DataExportTestCurrent {
    dataExport {
      id
      status
      readyAt
      expiresAt
      downloadUrl
    }
  }
`);
const ANNA = graphql(`
  query DataExportTestAnna {
    me {
      id
      svnr
      firstName
      lastName
      birthDate
      email
      pensionContracts {
        contractNumber
        statements {
          ...PensionStatementTables_PensionStatementFragment
        }
      }
      severanceAccounts {
        accountNumber
        statements {
          ...SeveranceStatementTables_SeveranceStatementFragment
        }
      }
      received: messages(folder: RECEIVED, pageSize: 50) {
        totalCount
        nodes {
          id
          subject
          body
          sentAt
          attachments {
            fileName
            size
          }
        }
      }
      sent: messages(folder: SENT, pageSize: 50) {
        totalCount
        nodes {
          id
          subject
          body
          sentAt
        }
      }
      documents(first: 200) {
        totalCount
        nodes {
          id
          fileName
          title
        }
      }
    }
  }
`);

/**
 * A statement's figures as the archive names its columns (`reserve` → `reserveCents`, money in cents in both), without
 * the statement's document (the archive lists the documents in dokumente.json).
 */
function archivedFigures({ document: _document, stichtag, ...money }: { stichtag: string; document?: unknown } & Record<string, unknown>) {
  return { stichtag, ...Object.fromEntries(Object.entries(money).map(([name, cents]) => [`${name}Cents`, cents])) };
}

/** The entries of a ZIP file (name → bytes), read with yauzl. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8')) as unknown;

describe('the data archive', () => {
  let server: TestServer;
  let anna: PortalClient;
  let bernd: PortalClient;
  let exportId: string;

  beforeAll(async () => {
    server = await startTestServer({ members: 5 });
    anna = await loginAs(server, 'anna');
    bernd = await loginAs(server, 'bernd');
  });
  afterAll(async () => server?.close());

  it('is refused without the password, and with a wrong one; nothing is requested', async () => {
    const none = await anna.operation(REQUEST, { input: { currentPassword: '' } });
    expect(none.body.data?.requestDataExport.error).toMatchObject({ code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'currentPassword', code: 'REQUIRED' }] });
    const wrong = await anna.operation(REQUEST, { input: { currentPassword: 'Falsch#2026xyz' } });
    expect(wrong.body.data?.requestDataExport.error?.code).toBe('ERROR_PWD_INVALID');
    expect((await anna.operation(CURRENT)).body.data?.dataExport).toBeNull();
  });

  it('is built by the job even when the worker that held its lease died: the lease runs out and another run takes it', async () => {
    // A dead worker holds the job's lease: claimed "now", never completed.
    const jobs = createJobsStore(server.db);
    await server.deps.scheduler.runDue();
    await jobs.wake(DATA_EXPORT_JOB, isoInstant(server.clock.now()));
    const lease = await jobs.claim(DATA_EXPORT_JOB, 'dead-host:1:dead', isoInstant(server.clock.now()), isoInstant(server.clock.now() + 10 * 60_000));
    expect(lease).toBeDefined();
    const requested = await anna.operation(REQUEST, { input: { currentPassword: DEMO_PASSWORD } });
    expect(requested.body.data?.requestDataExport.ok?.status).toBe('PENDING');
    exportId = requested.body.data!.requestDataExport.ok!.id;
    await server.deps.scheduler.runDue();
    expect((await anna.operation(CURRENT)).body.data?.dataExport?.status).toBe('PENDING');
    // The dead worker's lease runs out: the next round of a live process runs the job and builds the archive.
    server.clock.advance(10 * 60_000 + 1000);
    await server.deps.scheduler.runDue();
    const current = (await anna.operation(CURRENT)).body.data?.dataExport;
    expect(current).toMatchObject({ id: exportId, status: 'READY', downloadUrl: `/webportal/data-export?id=${exportId}` });
    expect(Date.parse(current!.expiresAt!) - Date.parse(current!.readyAt!)).toBe(7 * 24 * 3_600_000);
    expect((await jobs.get(DATA_EXPORT_JOB))?.lastRunOwner).toBe(server.deps.scheduler.owner);
  });

  it('mails the member a notice that the archive is ready', async () => {
    // Queued in the outbox, or already sent by the mail worker (then in sent_mails).
    const rows = await sqlAll(
      server.db,
      "SELECT kind, recipient FROM mail_outbox WHERE kind = 'DATA_EXPORT_READY' UNION ALL SELECT kind, recipient FROM sent_mails WHERE kind = 'DATA_EXPORT_READY'",
    );
    expect(rows).toEqual([{ kind: 'DATA_EXPORT_READY', recipient: emailOf('anna') }]);
  });

  it('is not served without a fresh password, nor to another member (the same 404 as an unknown id)', async () => {
    const path = `/webportal/data-export?id=${exportId}`;
    const locked = await anna.fetch(path);
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ error: 'STEP_UP_REQUIRED' });

    const foreignUnlock = await bernd.operation(UNLOCK, { input: { id: exportId, currentPassword: DEMO_PASSWORD } });
    expect(foreignUnlock.body.data?.unlockDataExportDownload.error?.code).toBe('ERROR_NOT_FOUND');
    const foreign = await bernd.fetch(path);
    const unknown = await bernd.fetch('/webportal/data-export?id=999999');
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await unknown.text());
    expect(unknown.status).toBe(404);

    const wrong = await anna.operation(UNLOCK, { input: { id: exportId, currentPassword: 'Falsch#2026xyz' } });
    expect(wrong.body.data?.unlockDataExportDownload.error?.code).toBe('ERROR_PWD_INVALID');
    expect((await anna.fetch(path)).status).toBe(403);

    // The unlock is for anna's session only: bernd's session still gets the 404.
    expect((await anna.operation(UNLOCK, { input: { id: exportId, currentPassword: DEMO_PASSWORD } })).body.data?.unlockDataExportDownload.ok?.url).toBe(path);
    expect((await bernd.fetch(path)).status).toBe(404);
    // The unlock lasts 5 minutes.
    server.clock.advance(5 * 60_000 + 1000);
    expect((await anna.fetch(path)).status).toBe(403);
  });

  it('answers 406 without a session, 405 for another method, and the same 404 for every malformed id', async () => {
    const stranger = new PortalClient(server.url);
    expect((await stranger.fetch(`/webportal/data-export?id=${exportId}`)).status).toBe(406);
    expect((await anna.fetch(`/webportal/data-export?id=${exportId}`, { method: 'POST' })).status).toBe(405);
    const unknown = await (await anna.fetch('/webportal/data-export?id=987654321')).text();
    for (const query of ['', '?id=', '?id=abc', '?id=-1', '?id=1e3', '?id=01', '?id=99999999999999999999', `?id=${exportId}&id=${exportId}`]) {
      const res = await anna.fetch(`/webportal/data-export${query}`);
      expect(res.status, query).toBe(404);
      expect(await res.text(), query).toBe(unknown);
    }
  });

  it("holds every document PDF of anna's documents, and her data as GraphQL answers it", async () => {
    await anna.operation(UNLOCK, { input: { id: exportId, currentPassword: DEMO_PASSWORD } });
    const res = await anna.fetch(`/webportal/data-export?id=${exportId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="meine-daten-\d{4}-\d{2}-\d{2}\.zip"/);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const me = (await anna.operation(ANNA)).body.data!.me!;

    expect(entries.get('README.txt')!.toString('utf8')).toContain('Geldbeträge in Cent');
    // Every document listed for her, as a PDF.
    expect(me.documents.nodes.length).toBeGreaterThan(0);
    const documents = json(entries, 'dokumente.json') as { id: number; file: string }[];
    expect(documents.map((d) => String(d.id)).sort()).toEqual(me.documents.nodes.map((d) => d.id).sort());
    for (const d of documents) expect(entries.get(d.file)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const person = (json(entries, 'person.json') as { person: Record<string, unknown> }).person;
    expect({ id: String(person.id), svnr: person.svnr, firstName: person.firstName, lastName: person.lastName, birthDate: person.birthDate, email: person.email }).toEqual({
      id: me.id,
      svnr: me.svnr,
      firstName: me.firstName,
      lastName: me.lastName,
      birthDate: me.birthDate,
      email: me.email,
    });
    expect(person).not.toHaveProperty('passwordHash');

    // Every figure the account screen shows of each statement, under the archive's names and oldest first.
    const byStichtag = (a: { stichtag: string }, b: { stichtag: string }) => a.stichtag.localeCompare(b.stichtag);
    expect(json(entries, 'pensionskasse-vertraege.json')).toMatchObject(
      me.pensionContracts.map((c) => ({ contractNumber: c.contractNumber, statements: [...c.statements].sort(byStichtag).map(archivedFigures) })),
    );
    expect(json(entries, 'vorsorgekasse-konten.json')).toMatchObject(
      me.severanceAccounts.map((a) => ({ accountNumber: a.accountNumber, statements: [...a.statements].sort(byStichtag).map(archivedFigures) })),
    );

    const messages = json(entries, 'nachrichten.json') as {
      id: number;
      direction: string;
      subject: string;
      body: string;
      sentAt: string;
      attachments: { fileName: string; sizeBytes: number; file: string }[];
    }[];
    const byId = new Map(messages.map((m) => [String(m.id), m]));
    expect(me.received.totalCount + me.sent.totalCount).toBeGreaterThan(0);
    for (const m of [...me.received.nodes, ...me.sent.nodes]) {
      expect(byId.get(m.id)).toMatchObject({ subject: m.subject, body: m.body, sentAt: m.sentAt });
    }
    for (const m of me.received.nodes) {
      const archived = byId.get(m.id)!;
      expect(archived.attachments.map((a) => ({ fileName: a.fileName, size: a.sizeBytes }))).toEqual(m.attachments.map((a) => ({ fileName: a.fileName, size: a.size })));
      for (const a of archived.attachments) expect(entries.get(a.file)!.length).toBe(a.sizeBytes);
    }

    const sessions = (json(entries, 'anmeldungen.json') as { sessions: Record<string, unknown>[] }).sessions;
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s).not.toHaveProperty('tokenHash');
    expect(entries.has('sicherheitsereignisse.json')).toBe(true);
    expect(entries.has('einwilligungen.json')).toBe(true);
  });

  it('expires after 7 days: the link answers 410, the unlock ERROR_EXPIRED, and the job deletes the file', async () => {
    const dir = server.deps.config.DATA_EXPORT_DIR;
    expect(readdirSync(dir).filter((f) => f.endsWith('.zip'))).toHaveLength(1);
    await anna.operation(UNLOCK, { input: { id: exportId, currentPassword: DEMO_PASSWORD } });
    server.clock.advance(7 * 24 * 3_600_000);
    // Her session has long timed out: a new login, as the member would.
    anna = await loginAs(server, 'anna');
    expect((await anna.fetch(`/webportal/data-export?id=${exportId}`)).status).toBe(410);
    expect((await anna.operation(UNLOCK, { input: { id: exportId, currentPassword: DEMO_PASSWORD } })).body.data?.unlockDataExportDownload.error?.code).toBe('ERROR_EXPIRED');
    expect((await anna.operation(CURRENT)).body.data?.dataExport?.status).toBe('EXPIRED');
    await server.deps.scheduler.runDue();
    expect(readdirSync(dir).filter((f) => f.endsWith('.zip'))).toHaveLength(0);
    expect((await anna.fetch(`/webportal/data-export?id=${exportId}`)).status).toBe(410);
  });
});
