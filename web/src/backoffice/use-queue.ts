import { useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { TypedDocumentNode } from '@apollo/client';
import { useConnection } from './workbench-table';
import type { QueueRow } from './queue-parts';
import { cursorBefore } from './queue-shared';

/** An edge of a queue's connection: the cursor after which `first: 1` reads the next row again. */
interface QueueEdge {
  cursor: string;
  node: { id: string; assignee?: { name: string } | null };
}

/** A file with its bytes as a files query answers (base64, null once deleted). */
interface FileBytes {
  id: string;
  contentBase64?: string | null;
}

/**
 * One queue of the workbench (decision 0058): its connection `field` of `query` read with `variables`, the open
 * item, the props of `QueueView` that come from both, and `bytesReader`, which reads the open item's files with their
 * bytes through `query` itself (after the previous row's cursor with `first: 1` and `withBytes: true`: the item itself,
 * without a by-id read; a queue with files declares `$first: Int! = 50` and `$withBytes: Boolean! = false`). `opened` counts the openings: as the key of an item's step it empties the step's form and
 * outcome each time an item is opened (again).
 */
export function useQueue<
  TData extends { [P in K]: { edges: QueueEdge[]; pageInfo: { hasNextPage: boolean; endCursor?: string | null } } },
  K extends keyof TData,
  TVars extends { after?: string | null },
>(query: TypedDocumentNode<TData, TVars>, field: K, variables: TVars) {
  type Node = TData[K]['edges'][number]['node'];
  const client = useApolloClient();
  const list = useConnection(query, field, variables);
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState(0);
  const edges = list.edges as TData[K]['edges'];
  const open = edges.find((edge) => edge.node.id === openId)?.node as Node | undefined;
  /** Reads the open item's files with their bytes (file id → base64, null once deleted) through `filesOf` its node. */
  const bytesReader = (filesOf: (node: Node) => FileBytes[]) => async () => {
    const after = cursorBefore(edges, openId!, (edge: QueueEdge) => edge.node.id);
    const { data } = await client.query({ query, variables: { ...variables, after, first: 1, withBytes: true }, fetchPolicy: 'no-cache' });
    const node = (data as TData | undefined)?.[field].edges.find((edge) => edge.node.id === openId)?.node as Node | undefined;
    return new Map((node ? filesOf(node) : []).map((file) => [file.id, file.contentBase64 ?? null]));
  };
  const view = {
    open,
    onClose: () => setOpenId(null),
    loading: list.loading,
    failed: Boolean(list.error),
    hasMore: list.hasMore,
    onMore: list.more,
    openId,
    onOpen: (id: string) => {
      setOpenId(id);
      setOpened((count) => count + 1);
    },
  };
  /** The table's rows, one a node, with the member's name and the cells between it and the assignee; undefined before the first answer. */
  const rows = (member: (node: Node) => string, cells: (node: Node) => ReactNode[]): QueueRow[] | undefined =>
    list.data ? edges.map(({ node }) => ({ id: node.id, member: member(node), cells: cells(node), assignee: node.assignee?.name ?? null })) : undefined;
  return { opened, rows, bytesReader, view };
}

/**
 * A queue's status filter (decision 0058): the status chosen ('' for "Alle", `initial` at first), the list's
 * `variables` from it, and `filter`, the props of `QueueView`'s filter select ("Alle" first, then each status as
 * `label` names it).
 */
export function useStatusFilter<S extends string>(initial: S, statuses: readonly S[], label: (status: S) => string) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<S | ''>(initial);
  return {
    variables: { status: status === '' ? null : [status], after: null },
    filter: { value: status, onChange: (value: string) => setStatus(value as S | ''), options: statusOptions(t('backoffice.queues.all'), statuses, label) },
  };
}

/** The options of a status filter: "Alle" ('') first, then each status with its text. */
export function statusOptions<S extends string>(all: string, statuses: readonly S[], label: (status: S) => string) {
  return [{ value: '', label: all }, ...statuses.map((status) => ({ value: status, label: label(status) }))];
}
