import { and, eq, gt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { connectionOf, decodeCursor, encodeCursor, pageSize } from '../graphql/connection';

/**
 * The condition "after the cursor" of a list sorted by (`at`, `id`) ascending (decision 0053 "Paging"): rows whose
 * `at` is later, or equal with a higher id. Undefined without a cursor.
 */
export function afterKey(at: AnyColumn, id: AnyColumn, cursor: [string, number] | null): SQL | undefined {
  if (cursor === null) return undefined;
  return or(gt(at, cursor[0]), and(eq(at, cursor[0]), gt(id, cursor[1])));
}

/**
 * One page of a list sorted by (instant or date, id) ascending (decision 0053 "Paging"): `first` (1 to 200, default 50)
 * after the cursor `after`, read by `load` with one more row than the page to learn whether more follow.
 * @throws BAD_USER_INPUT for `first` out of range or a cursor of another shape.
 */
export async function timeOrderedPage<N>(
  args: { first?: number | null; after?: string | null },
  load: (after: [string, number] | null, limit: number) => Promise<N[]>,
  keyOf: (node: N) => [string, number],
) {
  const size = pageSize(args.first, { fallback: 50, max: 200 });
  const after = decodeCursor<[string, number]>(args.after, ['string', 'number']);
  const rows = await load(after, size + 1);
  return connectionOf(rows, size, (node) => encodeCursor(keyOf(node)));
}
