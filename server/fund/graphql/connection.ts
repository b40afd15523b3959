import { GraphQLError, Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * Paging of the fund's connections (GraphQL Cursor Connections Specification): `first` items after the opaque cursor
 * `after`. Cursors are base64url of a JSON array of the sort key's values (for example `["2027-01-12", 42]` for
 * due date and id), so a page continues exactly after the last item even when new items arrive.
 */

/** The page size of `first`: `fallback` when absent; 1 to `max`. @throws BAD_USER_INPUT outside that range. */
export function pageSize(first: number | null | undefined, limits: { fallback: number; max: number }): number {
  if (first === null || first === undefined) return limits.fallback;
  if (!Number.isInteger(first) || first < 1 || first > limits.max) {
    throw new GraphQLError(`first must be between 1 and ${limits.max}.`, { extensions: { code: 'BAD_USER_INPUT', field: 'first' } });
  }
  return first;
}

/** The opaque cursor of a sort key. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * The sort key of a cursor, checked against `shape` (the type of each part), or null when `after` is absent.
 * @throws BAD_USER_INPUT for a cursor this connection did not hand out.
 */
export function decodeCursor<T extends (string | number)[]>(after: string | null | undefined, shape: { [K in keyof T]: T[K] extends number ? 'number' : 'string' }): T | null {
  if (after === null || after === undefined) return null;
  const refuse = () => new GraphQLError('after is not a cursor of this list.', { extensions: { code: 'BAD_USER_INPUT', field: 'after' } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length || parsed.some((v, i) => typeof v !== shape[i])) throw refuse();
  return parsed as T;
}

/** A connection of `items` read with one more than `size`: the edges of the first `size`, and whether more follow. */
export function connectionOf<N>(items: N[], size: number, cursorOf: (node: N) => string) {
  const page = items.slice(0, size);
  const edges = page.map((node) => ({ cursor: cursorOf(node), node }));
  return { edges, pageInfo: { endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: items.length > size } };
}

/**
 * Whether the operation selects `name` on the field being resolved (a connection's `totalCount`), directly, through
 * inline fragments or through fragment spreads. `@skip` and `@include` are not evaluated: a field they drop counts as
 * selected, which costs a query and never a wrong answer.
 */
function selectsField(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, name: string): boolean {
  const seen = new Set<string>();
  const within = (set: SelectionSetNode | undefined): boolean =>
    set?.selections.some((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === name;
      if (s.kind === Kind.INLINE_FRAGMENT) return within(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return within(info.fragments[s.name.value]?.selectionSet);
    }) ?? false;
  return info.fieldNodes.some((node) => within(node.selectionSet));
}

/**
 * One page of a connection and its `totalCount` (decision 0069), each read only when the operation selects it: `page`
 * (the rows after the cursor, one more than `size` to learn whether more follow) when it selects `edges` or
 * `pageInfo`, `count` (one COUNT statement of the list's filter, `first` and `after` aside) when it selects
 * `totalCount`. What is not selected is answered empty (no edges, 0), which graphql never reads: it answers only the
 * selected fields.
 */
export async function pagedConnection<N>(
  info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>,
  size: number,
  read: { page: () => Promise<N[]>; count: () => Promise<number>; cursorOf: (node: N) => string },
) {
  const [rows, totalCount] = await Promise.all([
    selectsField(info, 'edges') || selectsField(info, 'pageInfo') ? read.page() : Promise.resolve([]),
    selectsField(info, 'totalCount') ? read.count() : Promise.resolve(0),
  ]);
  return { ...connectionOf(rows, size, read.cursorOf), totalCount };
}
