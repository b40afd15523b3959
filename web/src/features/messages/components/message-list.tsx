import { CombinedGraphQLErrors } from '@apollo/client';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_INBOX_PAGE_SIZE, INBOX_PAGE_SIZES, SEARCH_MAX, type MessageFolder } from '@contract/messages';
import { formatLocalDateTime } from '@contract/format';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { SelectField } from '../../../components/ui/select-field';
import { paths } from '../../../config/paths';
import { useInboxList } from '../api/inbox';
import { STEP_OF_FOLDER } from './inbox-steps';

const PAGE_SIZE_KEY = 'portal.inbox.pageSize';

/** The page size the member chose last time (10, 25 or 50; 10 when none or the storage is unavailable). */
function storedPageSize(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(PAGE_SIZE_KEY));
    return (INBOX_PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_INBOX_PAGE_SIZE;
  } catch {
    return DEFAULT_INBOX_PAGE_SIZE;
  }
}

function storePageSize(size: number): void {
  try {
    globalThis.localStorage?.setItem(PAGE_SIZE_KEY, String(size));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The server refused the folder (`FORBIDDEN`: the board inbox without a current seat, decision 0026). */
function forbidden(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['code'] === 'FORBIDDEN');
}

/**
 * One folder as a list, newest first: sender/recipient, subject (a link to the detail), date and "neu" as visible text
 * for unread messages; a subject search, a per-page choice (10/25/50, remembered in this browser) and page buttons.
 */
export function MessageList({ folder }: { folder: MessageFolder }) {
  const { t } = useTranslation();
  const ids = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(storedPageSize);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const { data, loading, error, refetch } = useInboxList({ folder, page, pageSize, search });
  const result = data?.me?.messages;
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchInput.trim() || null);
    setPage(1);
  };
  const step = STEP_OF_FOLDER[folder];
  const headingId = `${ids}-heading`;
  return (
    <section aria-labelledby={headingId} className="message-list">
      <h2 id={headingId}>{folder === 'RECEIVED' ? t('inbox.nav.received') : folder === 'BOARD' ? t('inbox.nav.board') : t('inbox.nav.sent')}</h2>
      {folder === 'BOARD' ? <p>{t('inbox.boardIntro')}</p> : null}
      {folder === 'RECEIVED' && data?.me ? <p className="message-list__unread">{t('inbox.unreadTotal', { count: data.me.unreadMessageCount })}</p> : null}
      {folder === 'BOARD' && result ? <p className="message-list__unread">{t('inbox.unreadTotal', { count: result.unreadCount })}</p> : null}
      <div className="message-list__tools">
        <form role="search" className="message-list__search" onSubmit={submitSearch}>
          <label htmlFor={`${ids}-search`} className="field__label">
            {t('inbox.search.label')}
          </label>
          <div className="field__with-button">
            <input
              id={`${ids}-search`}
              className="field__input"
              type="search"
              maxLength={SEARCH_MAX}
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
            />
            <button type="submit" className="button button--secondary">
              {t('inbox.search.submit')}
            </button>
          </div>
        </form>
        <div className="message-list__size">
          <SelectField
            label={t('inbox.pageSize')}
            options={INBOX_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            value={String(pageSize)}
            onChange={(value) => {
              const size = Number(value);
              if (!(INBOX_PAGE_SIZES as readonly number[]).includes(size)) return;
              setPageSize(size);
              storePageSize(size);
              setPage(1);
            }}
          />
        </div>
      </div>
      {error && !result ? forbidden(error) ? <Notice tone="warning">{t('inbox.error.BOARD_FORBIDDEN')}</Notice> : <ErrorState onRetry={() => void refetch()} /> : null}
      {!result && !error ? <LoadingState /> : null}
      {result ? (
        <>
          <p className="message-list__count" role="status">
            {search ? t('inbox.foundCount', { count: result.totalCount, search }) : t('inbox.count', { count: result.totalCount })}
          </p>
          {result.nodes.length > 0 ? (
            <ul className="message-list__items">
              {result.nodes.map((message) => (
                <li key={message.id} className={message.unread ? 'message-item message-item--unread' : 'message-item'}>
                  <Link className="message-item__link" to={paths.inbox.getHref(step, message.id)}>
                    <span className="message-item__subject">{message.subject}</span>
                    {message.unread ? <span className="badge badge--new">{t('inbox.newBadge')}</span> : null}
                  </Link>
                  <span className="message-item__meta">
                    {t(folder === 'SENT' ? 'inbox.to' : 'inbox.from', { counterpart: t(`inbox.counterpart.${message.counterpart}`) })}
                    {' · '}
                    <time dateTime={message.sentAt}>{formatLocalDateTime(message.sentAt)}</time>
                    {message.attachments.length > 0 ? ` · ${t('inbox.attachmentCount', { count: message.attachments.length })}` : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {result.pageCount > 1 ? (
            <nav className="message-list__pages" aria-label={t('inbox.pages.label')}>
              <button type="button" className="button button--secondary" disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
                {t('inbox.pages.previous')}
              </button>
              <span>{t('inbox.pages.position', { page: result.page, count: result.pageCount })}</span>
              <button type="button" className="button button--secondary" disabled={page >= result.pageCount || loading} onClick={() => setPage(page + 1)}>
                {t('inbox.pages.next')}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
