import { and, eq, gt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { decodeCursor, encodeCursor, pageSize, pagedConnection } from '../graphql/connection';

/**
 * The condition "after the cursor" of a list sorted by (`at`, `id`) ascending (decision 0053 "Paging"): rows whose
 * `at` is later, or equal with a higher id. Undefined without a cursor.
 */
export function afterKey(at: AnyColumn, id: AnyColumn, cursor: [string, number] | null): SQL | undefined {
  if (cursor === null) return undefined;
  return or(gt(at, cursor[0]), and(eq(at, cursor[0]), gt(id, cursor[1])));
}

/** A list read by `timeOrderedPage`: its rows after a cursor, its count, and each row's sort key. */
export interface TimeOrderedList<N> {
  /** Up to `limit` rows after the cursor (null: from the start), in the list's order. */
  page: (after: [string, number] | null, limit: number) => Promise<N[]>;
  /** The number of rows matching the list's filter, without cursor or limit (the connection's `totalCount`). */
  count: () => Promise<number>;
  /** The sort key (instant or date, id) of a row, the content of its cursor. */
  keyOf: (node: N) => [string, number];
}

/**
 * One page of a list sorted by (instant or date, id) ascending (decision 0053 "Paging"): `first` (1 to 200, default 50)
 * after the cursor `after`, read by `list.page` with one more row than the page to learn whether more follow, and the
 * list's `totalCount`, each only when the operation selects it (`pagedConnection`, decision 0069).
 * @throws BAD_USER_INPUT for `first` out of range or a cursor of another shape.
 */
export async function timeOrderedPage<N>(args: { first?: number | null; after?: string | null }, info: GraphQLResolveInfo, list: TimeOrderedList<N>) {
  const size = pageSize(args.first, { fallback: 50, max: 200 });
  const after = decodeCursor<[string, number]>(args.after, ['string', 'number']);
  return pagedConnection(info, size, { page: () => list.page(after, size + 1), count: list.count, cursorOf: (node) => encodeCursor(list.keyOf(node)) });
}
