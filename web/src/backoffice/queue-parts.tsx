import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../components/ui/notice';
import { AssignToMe } from './assign-to-me';
import type { QueueFileFieldsFragment as QueueFile, WorkItemKind } from './gql/graphql';
import { PAGE_REFETCH } from './queue-shared';
import { DataTable, FilterSelect, ListState, MoreButton, OpenButton, type Column } from './workbench-table';

/** A row of a queue's table: the member's name, which opens the item, the cells after it, and the assignee's name. */
export interface QueueRow {
  id: string;
  member: string;
  cells: ReactNode[];
  assignee: string | null;
}

/** An item of a queue as the panel needs it: its id and its `assignee { name }`. */
interface QueueItem {
  id: string;
  assignee?: { name: string } | null;
}

/** What a queue's item panel shows of the open item (see `QueueView`). */
interface QueueItemPanel {
  heading: string;
  facts: [string, ReactNode][];
  /** Shown above "Mir zuweisen" (the premium application's drawn signature). */
  lead?: ReactNode;
  /** Shown after "Mir zuweisen": the files, the next step or a hint. */
  steps?: ReactNode;
}

/** Each queue's work item kind (`assignToMe`, decision 0058) and its list query, read again after a change. */
const QUEUES = {
  forms: { kind: 'FORM', list: 'BackofficeForms' },
  uploads: { kind: 'PUBLIC_UPLOAD', list: 'BackofficeUploads' },
  merges: { kind: 'MERGE_REQUEST', list: 'BackofficeMerges' },
  mandates: { kind: 'MANDATE', list: 'BackofficeMandates' },
  premiums: { kind: 'PREMIUM_APPLICATION', list: 'BackofficePremiums' },
} as const satisfies Record<string, { kind: WorkItemKind; list: string }>;

/** The queries a queue's step reads again: its list and the open counts of the queues' tabs. */
export const stepRefetch = (queue: keyof typeof QUEUES) => [QUEUES[queue].list, ...PAGE_REFETCH];

interface QueueViewProps<N extends QueueItem> {
  queue: keyof typeof QUEUES;
  /** False for a role without the queue's write scope: "Mir zuweisen" shows the assignee only. */
  canChange: boolean;
  /** The filter's options: value and label; '' is "Alle". */
  filter: { value: string; options: { value: string; label: string }[]; onChange: (value: string) => void };
  /** The headers of the cells between the member and the assignee. */
  headers: string[];
  rows: QueueRow[] | undefined;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  onMore: () => void;
  openId: string | null;
  onOpen: (id: string) => void;
  /** The open item (undefined when none is open or it left the list), `onClose` closes it. */
  open: N | undefined;
  onClose: () => void;
  /** The open item's panel, shown above the table. */
  panel: (open: N) => QueueItemPanel;
}

/**
 * One queue of the workbench (decision 0058): the status filter, the open item's panel, the count, the table in the
 * API's order (oldest first: what waits longest leads) with the member's name opening the item's panel and the
 * assignee last, and "Weitere laden" for the next page. The table markup is the claims queue's (claims-screen.tsx).
 * The panel: heading, facts, `lead`, "Mir zuweisen", then `steps`; it is keyed by the item, so another item starts
 * with a fresh panel.
 */
export function QueueView<N extends QueueItem>(props: QueueViewProps<N>) {
  const { queue, canChange, filter, headers, rows, loading, failed, hasMore, onMore, openId, onOpen, open, onClose, panel } = props;
  const { t } = useTranslation();
  const columns: Column<QueueRow>[] = [
    {
      header: t('backoffice.queues.member'),
      rowHeader: true,
      cell: (row) => (
        <OpenButton expanded={openId === row.id} onOpen={() => onOpen(row.id)}>
          {row.member}
        </OpenButton>
      ),
    },
    ...headers.map((header, index) => ({ header, cell: (row: QueueRow) => row.cells[index] })),
    { header: t('backoffice.queues.assignee'), cell: (row) => row.assignee ?? '–' },
  ];
  const shown = open ? panel(open) : null;
  return (
    <>
      <FilterSelect label={t('backoffice.queues.filter')} {...filter} />
      {open && shown ? (
        <QueuePanel key={open.id} heading={shown.heading} facts={shown.facts} onClose={onClose}>
          {shown.lead}
          <AssignToMe kind={QUEUES[queue].kind} id={open.id} assignee={open.assignee} canChange={canChange} refetchQueries={[QUEUES[queue].list]} />
          {shown.steps}
        </QueuePanel>
      ) : null}
      <ListState
        failed={failed ? t('backoffice.error.load') : null}
        loading={loading}
        loaded={rows !== undefined}
        rows={rows?.length ?? 0}
        count={`${t('backoffice.queues.count', { count: rows?.length ?? 0 })}${hasMore ? ' +' : ''}`}
        empty={t('backoffice.queues.empty')}
      />
      <DataTable caption={t(`backoffice.queues.caption.${queue}`)} columns={columns} rows={rows ?? []} rowKey={(row) => row.id} />
      <MoreButton hasMore={hasMore} loading={loading} onMore={onMore} label={t('backoffice.queues.more')} />
    </>
  );
}

/** The frame of an item's panel: heading, facts as a description list, then the children (assignment, files, next steps). */
function QueuePanel({ heading, facts, onClose, children }: { heading: string; facts: [string, ReactNode][]; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="card backoffice-claim" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <dl className="backoffice-claim__facts">
        {facts.map(([term, value]) => (
          <FactRow key={term} term={term} value={value} />
        ))}
      </dl>
      {children}
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('backoffice.queues.close')}
      </button>
    </section>
  );
}

function FactRow({ term, value }: { term: string; value: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** Size in bytes as `12,3 KB` (decimal units, German number format). */
function sizeText(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toLocaleString('de-AT', { maximumFractionDigits: 1 })} KB`;
}

/**
 * The files of an item (decision 0058): each with "Anzeigen", which reads its bytes through the fund's API
 * (`contentBase64`, decision 0055: files reach staff only through the endpoint, never through a link of their own)
 * and then offers the download and shows an image in the panel. A PDF is offered for download only: the portal's
 * Content-Security-Policy (`default-src 'self'`, server/app.ts) frames no `data:` or `blob:` document, and `img-src`
 * allows `data:` images. `loadBytes` reads the item's files with their bytes (file id → base64, null when deleted).
 */
export function QueueFiles({ files, loadBytes }: { files: QueueFile[]; loadBytes: () => Promise<Map<string, string | null>> }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ file: QueueFile; url: string | null } | null>(null);
  const open = async (file: QueueFile) => {
    const bytes = await loadBytes().catch(() => new Map<string, string | null>());
    const base64 = bytes.get(file.id);
    setShown({ file, url: base64 ? `data:${file.contentType};base64,${base64}` : null });
  };
  return (
    <>
      <h3>{t('backoffice.queues.files')}</h3>
      {files.length === 0 ? <p>{t('backoffice.queues.noFiles')}</p> : null}
      <ul className="backoffice-files">
        {files.map((file) => (
          <li key={file.id}>
            <span>{file.fileName}</span>{' '}
            {shown?.file.id === file.id && shown.url ? (
              <a href={shown.url} download={file.fileName}>
                {t('backoffice.queues.download', { name: file.fileName, size: sizeText(file.sizeBytes) })}
              </a>
            ) : (
              <button type="button" className="button button--secondary" aria-label={`${t('backoffice.queues.showFile')}: ${file.fileName}`} onClick={() => void open(file)}>
                {t('backoffice.queues.showFile')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {shown && !shown.url ? <Notice tone="error">{t('backoffice.queues.fileUnavailable')}</Notice> : null}
      {shown?.url && VIEWABLE_IMAGES.has(shown.file.contentType) ? (
        <img className="backoffice-files__image" src={shown.url} alt={t('backoffice.queues.preview', { name: shown.file.fileName })} />
      ) : null}
    </>
  );
}

/** Image types a browser shows (TIFF it does not). */
const VIEWABLE_IMAGES = new Set(['image/jpeg', 'image/png']);

/** True when `code` is one of `known` (a refusal code the catalogue has a text for). */
export function isKnownCode<T extends string>(known: readonly T[], code: string): code is T {
  return (known as readonly string[]).includes(code);
}
