import { useId, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { LoadingState } from '../components/ui/loading-state';
import { Notice } from '../components/ui/notice';

/*
 * The pieces every list of the workbench (decision 0054) is made of, written once: the connection read a page at a
 * time, the status filter, the list's state (error, loading, count, empty), the table, the button that opens a row and
 * "Weitere laden". Texts come from the caller (each screen has its catalogue keys).
 */

/** A connection of the fund's API (decision 0055) as the workbench selects it: edges and the next page's cursor. */
interface Paged {
  edges: unknown[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/**
 * Reads `query`'s connection `field` with `variables` (which name `after`) and appends the next page on `more()`.
 * Returns the answer, its edges, loading (also while the next page loads), the error and whether a next page exists.
 */
export function useConnection<TData extends { [P in K]: Paged }, K extends keyof TData, TVars extends { after?: string | null }>(
  query: TypedDocumentNode<TData, TVars>,
  field: K,
  variables: TVars,
) {
  const { data, loading, error, fetchMore } = useQuery(query as TypedDocumentNode<TData, Record<string, unknown>>, { variables, notifyOnNetworkStatusChange: true });
  const connection = data?.[field] as TData[K] | undefined;
  const more = () =>
    void fetchMore({
      variables: { ...variables, after: connection?.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) =>
        ({ ...fetchMoreResult, [field]: { ...fetchMoreResult[field], edges: [...(previous as TData)[field].edges, ...fetchMoreResult[field].edges] } }) as TData,
    });
  return { data, edges: (connection?.edges ?? []) as TData[K]['edges'], loading, error, hasMore: Boolean(connection?.pageInfo.hasNextPage), more };
}

/** A labelled select of a list's filter; `options` in the order shown, with their values ('' for "Alle"). */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field backoffice__filter">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * What a list says about itself above its table: `failed` (the error's text) when the read failed, the loading state
 * before the first answer, `count` (announced as a status) and `empty` once answered with no rows (nothing without
 * `empty`: a list that is never empty).
 */
export function ListState({
  failed,
  loading,
  loaded,
  rows,
  count,
  empty,
}: {
  failed: string | null;
  loading: boolean;
  loaded: boolean;
  rows: number;
  count?: string;
  empty?: string;
}) {
  return (
    <>
      {failed !== null ? <Notice tone="error">{failed}</Notice> : null}
      {!loaded && loading ? <LoadingState /> : null}
      {loaded && count !== undefined ? <p role="status">{count}</p> : null}
      {loaded && rows === 0 && empty !== undefined ? <p>{empty}</p> : null}
    </>
  );
}

/**
 * A column of a workbench table: its header, its cell, whether the cell names the row (`<th scope="row">`), and
 * whether the header is for screen readers only (a column of buttons, "Aktionen").
 */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  rowHeader?: boolean;
  hiddenHeader?: boolean;
}

/** A workbench table (nothing when there are no rows) with a caption for screen readers. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
}) {
  if (rows.length === 0) return null;
  return (
    <table className="backoffice-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.header} scope="row" className={column.className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The button in a row that opens its item; `aria-expanded` says whether that item's panel is open. */
export function OpenButton({ expanded, onOpen, children }: { expanded: boolean; onOpen: () => void; children: ReactNode }) {
  return (
    <button type="button" className="backoffice-table__open" aria-expanded={expanded} onClick={onOpen}>
      {children}
    </button>
  );
}

/** "Weitere laden": shown while a next page exists, disabled while a page loads. */
export function MoreButton({ hasMore, loading, onMore, label }: { hasMore: boolean; loading: boolean; onMore: () => void; label: string }) {
  return hasMore ? (
    <button type="button" className="button button--secondary" disabled={loading} onClick={onMore}>
      {label}
    </button>
  ) : null;
}
