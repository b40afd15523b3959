import { pathToFileURL } from 'node:url';
import { areaFiles } from '../platform/module-files';

/** A resolver map: type name → field name → resolver (or a scalar's config). */
type ResolverMap = Record<string, unknown>;

/**
 * The resolver maps of every area under `root`, found by name, not listed: each file `<root>/<area>/*.resolvers.ts`
 * (or `.js` when compiled) and in it each export whose name ends in `Resolvers`, in path order. A new area's resolvers
 * join the schema by existing (decision 0062 "Found, not listed"). Used for the members' schema (server/graphql) and
 * the fund's (server/fund).
 * @throws Error when an area file exports no resolver map.
 */
export async function discoverAreaResolvers<R extends object>(root: string): Promise<R[]> {
  const files = areaFiles(root, /^(?!.*\.d\.ts$).*\.resolvers\.(ts|js)$/);
  const maps: R[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const found = Object.entries(module).filter(([name, value]) => name.endsWith('Resolvers') && typeof value === 'object' && value !== null);
    if (found.length === 0) throw new Error(`${file} exports no resolver map (an export named …Resolvers)`);
    for (const [, value] of found) maps.push(value as R);
  }
  return maps;
}

/**
 * Merges the areas' resolver maps: each adds fields to Query, Mutation and its own or shared types.
 * @throws Error naming `Type.field` when two areas resolve the same field (one would silently replace the other).
 */
export function mergeAreaResolvers<R extends object>(maps: readonly R[]): R {
  const merged: Record<string, ResolverMap> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map as Record<string, ResolverMap>)) {
      const into = (merged[type] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in into && into[field] !== resolver) throw new Error(`${type}.${field} is resolved by two areas`);
        into[field] = resolver;
      }
    }
  }
  return merged as R;
}
