import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useConnection } from './workbench-table';
import { cursorBefore } from './queue-shared';

/** An edge of a queue's connection: the cursor after which `first: 1` reads the next row again. */
interface QueueEdge {
  cursor: string;
  node: { id: string };
}

/** A file with its bytes as a files query answers (base64, null once deleted). */
interface FileBytes {
  id: string;
  contentBase64?: string | null;
}

/**
 * One queue of the workbench (decision 0058): its connection `field` of `query` read with `variables`, the open
 * item, the props of `QueueView` that come from both, and `bytesReader`, which reads the open item's files with their
 * bytes through `filesQuery` (the same connection after the previous row's cursor, `first: 1`: the item itself,
 * without a by-id read). `onOpen` runs besides opening an item (e.g. to clear its form).
 */
export function useQueue<
  TData extends { [P in K]: { edges: QueueEdge[]; pageInfo: { hasNextPage: boolean; endCursor?: string | null } } },
  K extends keyof TData,
  TVars extends { after?: string | null },
>(query: TypedDocumentNode<TData, TVars>, field: K, variables: TVars, onOpen?: () => void) {
  const client = useApolloClient();
  const list = useConnection(query, field, variables);
  const [openId, setOpenId] = useState<string | null>(null);
  const edges = list.edges as TData[K]['edges'];
  const open = edges.find((edge) => edge.node.id === openId)?.node as TData[K]['edges'][number]['node'] | undefined;
  const bytesReader =
    <TFiles, TFilesVars extends { after?: string | null }>(
      filesQuery: TypedDocumentNode<TFiles, TFilesVars>,
      filesOf: (data: TFiles | undefined, id: string) => FileBytes[] | undefined,
    ) =>
    async () => {
      const after = cursorBefore(edges, openId!, (edge: QueueEdge) => edge.node.id);
      const { data } = await client.query({ query: filesQuery, variables: { ...variables, after } as unknown as TFilesVars, fetchPolicy: 'no-cache' });
      return new Map((filesOf(data as TFiles | undefined, openId!) ?? []).map((file) => [file.id, file.contentBase64 ?? null]));
    };
  const view = {
    loading: list.loading,
    failed: Boolean(list.error),
    hasMore: list.hasMore,
    onMore: list.more,
    openId,
    onOpen: (id: string) => {
      setOpenId(id);
      onOpen?.();
    },
  };
  /** The table's rows, one a node; undefined before the first answer. */
  const rows = <R>(toRow: (node: TData[K]['edges'][number]['node']) => R) => (list.data ? edges.map((edge) => toRow(edge.node)) : undefined);
  return { open, close: () => setOpenId(null), rows, bytesReader, view };
}

/** The options of a status filter: "Alle" ('') first, then each status with its text. */
export function statusOptions<S extends string>(all: string, statuses: readonly S[], label: (status: S) => string) {
  return [{ value: '', label: all }, ...statuses.map((status) => ({ value: status, label: label(status) }))];
}
