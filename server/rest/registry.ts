import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
export { formBoolean, LOG_LEVELS, text, type RestMethod } from './method-kit';
import { empty, method, type RestMethod } from './method-kit';
import { areaFiles } from '../platform/module-files';

/** Where the modules live (server/modules/<area>/), each with its REST methods in `<area>.rest.ts`. */
const MODULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../modules');

/**
 * The REST methods of every module, found by name, not listed (decision 0065): each export whose name ends in
 * `RestMethods` of a file `<modulesDir>/<area>/*.rest.ts` (`.js` when compiled), in path order. `modulesDir`:
 * server/modules unless given (a test passes a folder of its own).
 * @throws Error when two modules register the same method name; the start then stops with that name.
 */
export async function discoverRestMethods(modulesDir: string = MODULES_DIR): Promise<RestMethod[]> {
  const files = areaFiles(modulesDir, /\.rest\.(ts|js)$/);
  const found: RestMethod[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (name.endsWith('RestMethods') && Array.isArray(value)) found.push(...(value as RestMethod[]));
  }
  const seen = new Set<string>();
  for (const m of found) {
    if (seen.has(m.name)) throw new Error(`REST method ${m.name} is registered by two modules`);
    seen.add(m.name);
  }
  return found;
}

/** The documented `rest/*` methods (spec 000 section 7), one entry each (the method shape and the shared input pieces are in ./method-kit.ts). */
export const REST_METHODS: RestMethod[] = await discoverRestMethods();

/**
 * `login{product}` (spec 000 section 7): the first-login data sync. The product name is the tenant's
 * (`loginMvbv` on the main tenant, `loginNoevk` on the regional one); the other tenant's name is unknown (404).
 */
export const LOGIN_PRODUCT_METHOD: RestMethod = method({
  name: 'login{product}',
  input: empty,
  auth: 'flow',
  async run(ctx) {
    return { status: await ctx.services.loginFlow.synchronizeLoginData(await ctx.requireFlowSession()) };
  },
});

export const REST_REGISTRY: ReadonlyMap<string, RestMethod> = new Map(REST_METHODS.map((m) => [m.name, m]));

/** The method registered under `name` for this tenant, or undefined (answered 404). */
export function findRestMethod(name: string, tenant: { loginProduct: string }): RestMethod | undefined {
  if (name === `login${tenant.loginProduct}`) return LOGIN_PRODUCT_METHOD;
  return REST_REGISTRY.get(name);
}
