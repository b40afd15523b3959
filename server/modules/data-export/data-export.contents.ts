/**
 * What one member's data archive holds (GDPR Art. 15 and 20; docs/decisions/0052-data-archive.md): the JSON files
 * with every record the portal keeps about the person, the files of messages and applications, every document PDF,
 * and a German README.txt that explains each file (texts: schema/contract/i18n/de/data-export.json `dataExport.readme`).
 *
 * JSON shapes: each file is one object (or a list) of the stored rows as they are kept, with the column names of
 * db/schema in camelCase; dates `YYYY-MM-DD`, instants ISO 8601 UTC, money as integer cents in fields ending in
 * `Cents` (euro). Secrets (password and token hashes) and file bytes are never in a JSON file; a file's bytes are an
 * entry of their own, named in the record's `file` field.
 */
import catalogue from '@contract/i18n/de/data-export.json';
import loginFlow from '@contract/i18n/de/login-flow.json';
import { NEWSLETTER_TERMS_VERSION } from '@contract/consent';
import { isoDateVienna } from '@contract/dates';
import { fill } from '@contract/i18n/fill';
import { formatDate } from '@contract/format';
import type { TenantDefinition } from '../../tenants';
import type { ArchiveRecord, DataExportStore } from './data-export.store';
import { entryFileName } from './data-export.rules';
import type { ZipEntry } from './data-export.zip';

const README = catalogue.dataExport.readme;

/** The wording of every consent text version the portal has shown (`consent_records.textVersion` → text). */
export const CONSENT_TEXTS: Readonly<Record<string, string>> = { [NEWSLETTER_TERMS_VERSION]: loginFlow.loginFlow.newsletter.consent };

/** What the contents need besides the store: the document PDFs (rendered and archived first if not yet). */
export interface ArchiveSources {
  store: DataExportStore;
  tenant: TenantDefinition;
  /** The archived PDF of the person's document `documentId` (issued now if it has none yet), or undefined. */
  documentPdf(personId: number, documentId: number): Promise<Buffer | undefined>;
}

/** The file names of the archive, in the README's order; the pension-fund file only on a tenant with the Pensionskasse. */
type ReadmeFile = keyof typeof README.files;

const json = (value: unknown) => async () => `${JSON.stringify(value, null, 2)}\n`;

/** A file entry: the bytes read by `read` when the archive reaches it; undefined bytes (gone meanwhile) give an empty file. */
const fileEntry = (name: string, read: () => Promise<Buffer | undefined>): ZipEntry => ({ name, read: async () => (await read()) ?? Buffer.alloc(0) });

/** The README.txt text for `files`, created at `nowMs`. */
export function readmeText(tenant: TenantDefinition, files: readonly ReadmeFile[], nowMs: number): string {
  const time = new Intl.DateTimeFormat('de-AT', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit' }).format(new Date(nowMs));
  const title = fill(README.title, { tenant: tenant.name });
  const lines = [
    title,
    '='.repeat(title.length),
    '',
    fill(README.created, { date: formatDate(isoDateVienna(nowMs)), time }),
    '',
    README.intro,
    '',
    README.conventionsTitle,
    '-'.repeat(README.conventionsTitle.length),
    ...README.conventions.map((c) => `- ${c}`),
    '',
    README.filesTitle,
    '-'.repeat(README.filesTitle.length),
    ...files.flatMap((f) => [f, `  ${README.files[f]}`, '']),
    README.contact,
    '',
  ];
  return lines.join('\r\n');
}

/**
 * The entries of person `personId`'s archive, in order. The JSON records are read now (one member's rows); the bytes of
 * every attached file and document PDF are read only when the archive writer reaches their entry.
 */
export async function archiveEntries(sources: ArchiveSources, personId: number, nowMs: number): Promise<ZipEntry[]> {
  const { store, tenant } = sources;
  const entries: ZipEntry[] = [];
  const files: ReadmeFile[] = [];
  const add = (name: ReadmeFile, value: unknown) => {
    files.push(name);
    entries.push({ name, read: json(value) });
  };

  add('person.json', { person: (await store.person(personId)) ?? null, ...(await store.ownRows(personId, 'bankAccounts', 'contactDuties', 'supervisoryBoardSeats')) });
  if (tenant.pensionFund) add('pensionskasse-vertraege.json', await store.pensionContracts(personId));
  add('vorsorgekasse-konten.json', await store.severanceAccounts(personId));

  const messageFiles: ZipEntry[] = [];
  const messages = (await store.messages(personId)).map((m) => ({
    ...m,
    attachments: (m.attachments as ArchiveRecord[]).map((a) => {
      const file = `nachrichten/${m.id as number}/${a.id as number}-${entryFileName(a.fileName as string)}`;
      messageFiles.push(fileEntry(file, () => store.attachmentContent(a.id as number)));
      return { ...a, file };
    }),
  }));
  add('nachrichten.json', messages);
  add('formulare.json', (await store.ownRows(personId, 'forms')).forms);

  const claimFiles: ZipEntry[] = [];
  const claims = await store.claims(personId);
  const withFiles = (folder: string, rows: ArchiveRecord[], read: (id: number) => Promise<Buffer | undefined>) =>
    rows.map((r) => ({
      ...r,
      files: (r.files as ArchiveRecord[]).map((f) => {
        const file = `antraege/${folder}-${r.id as number}/${f.id as number}-${entryFileName(f.fileName as string)}`;
        claimFiles.push(fileEntry(file, () => read(f.id as number)));
        return { ...f, file };
      }),
    }));
  add('antraege.json', {
    severanceClaims: withFiles('vorsorgekasse', claims.severanceClaims, (id) => store.claimFileContent(id)),
    mergeRequests: withFiles('zusammenlegung', claims.mergeRequests, (id) => store.mergeFileContent(id)),
  });
  add('auftraege.json', await store.ownRows(personId, 'mandates', 'debits', 'premiumApplications'));
  const { consents } = await store.ownRows(personId, 'consents');
  const versions = [...new Set(consents.map((c) => c.textVersion as string))];
  add('einwilligungen.json', { records: consents, texts: Object.fromEntries(versions.map((v) => [v, CONSENT_TEXTS[v] ?? null])) });
  add('aenderungen.json', (await store.ownRows(personId, 'changes')).changes);
  add('anmeldungen.json', await store.ownRows(personId, 'sessions', 'loginAttempts'));
  add('sicherheitsereignisse.json', (await store.ownRows(personId, 'securityEvents')).securityEvents);
  add('e-mails.json', await store.ownRows(personId, 'sent', 'uploads'));

  const documentFiles: ZipEntry[] = [];
  const documents = (await store.ownRows(personId, 'documents')).documents.map((d) => {
    if (!tenant.documentsArchive) return { ...d, file: null };
    const file = `dokumente/${d.id as number}-${entryFileName(d.fileName as string)}`;
    documentFiles.push(fileEntry(file, () => sources.documentPdf(personId, d.id as number)));
    return { ...d, file };
  });
  add('dokumente.json', documents);
  if (documentFiles.length > 0) files.push('dokumente/');
  if (messageFiles.length > 0) files.push('nachrichten/');
  if (claimFiles.length > 0) files.push('antraege/');

  return [{ name: 'README.txt', read: async () => readmeText(tenant, files, nowMs) }, ...entries, ...documentFiles, ...messageFiles, ...claimFiles];
}
