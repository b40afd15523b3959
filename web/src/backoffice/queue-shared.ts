/** What the queues of the workbench (decision 0058) share: the count query to refresh, names, cursors. */

/** The query of the open counts, read again after a change. */
export const PAGE_REFETCH = ['BackofficeQueueCounts'];
/** "Lastname Firstname" of a member, or empty. */
export const nameOf = (member: { firstName: string; lastName: string } | null | undefined) => (member ? `${member.lastName} ${member.firstName}` : '');
/** The cursor before row `index` of `edges` (null for the first): `first: 1` after it reads that row again. */
export const cursorBefore = (edges: { cursor: string }[], id: string, idOf: (edge: never) => string) => {
  const index = edges.findIndex((edge) => idOf(edge as never) === id);
  return index > 0 ? edges[index - 1]!.cursor : null;
};
