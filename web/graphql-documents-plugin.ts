import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The first definition of a GraphQL document: `query|mutation|subscription|fragment Name`. */
const DEFINITION = /\b(query|mutation|subscription|fragment)\s+([_A-Za-z][_0-9A-Za-z]*)/;
/** A `graphql(`…`)` call of the client preset, with a template literal without interpolations. */
const GRAPHQL_CALL = /\bgraphql\(\s*`((?:[^`$]|\$(?!\{))*)`\s*\)/g;
/** The import of the preset's `graphql` function, whatever the relative path to `gql/`. */
const GRAPHQL_IMPORT = /^import\s*\{\s*graphql\s*\}\s*from\s*'((?:\.\.?\/)+(?:[\w-]+\/)*gql)';\s*$/m;

/**
 * The export name codegen's client preset gives a document in `gql/graphql.ts`: `<Operation>Document` for an
 * operation, `<Fragment>FragmentDoc` for a fragment. Undefined when the source has no named definition.
 */
export function generatedDocumentName(source: string): string | undefined {
  const match = DEFINITION.exec(source);
  if (!match) return undefined;
  return match[1] === 'fragment' ? `${match[2]}FragmentDoc` : `${match[2]}Document`;
}

/** One generated document in `gql/graphql.ts`: `export const Name = {…AST as JSON…} as unknown as DocumentNode<…>;` */
const GENERATED_DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm;

/**
 * Rewrites `graphql(`query X …`)` calls into imports of the one generated document they stand for, each served
 * as a module of its own (`import XDocument from 'virtual:gql-document/XDocument'`, holding the AST that codegen
 * wrote into `gql/graphql.ts`), as the client preset's Babel and SWC plugins do.
 *
 * Why: the preset's `graphql()` looks documents up in a map of every operation of the app (`gql/gql.ts`), and even
 * imported by name from `gql/graphql.ts` they share one module, which the bundler cannot split between routes; so
 * the first screen loaded all 75 documents (about 17 KB gzipped). As modules of their own, each lazy route carries
 * only its documents. A call whose document is not among the generated ones is left as it is (the map serves it).
 * `generatedFile` is the path of `gql/graphql.ts`; it is read once per build. `scope` limits the rewrite to the
 * modules under `include` and not under `exclude` (absolute folder paths): the members' app and the workbench have
 * generated files of their own, whose document names may coincide; `name` keeps their virtual modules apart
 * (`virtual:<name>/XDocument`, default `gql-document`). Types are unaffected: the type
 * checker reads the sources, in which the calls stay.
 */
export function graphqlDocumentImports(generatedFile: string, scope: { include?: string; exclude?: string; name?: string } = {}): Plugin {
  const VIRTUAL_PREFIX = `virtual:${scope.name ?? 'gql-document'}/`;
  const inScope = (id: string) => (scope.include === undefined || id.startsWith(scope.include)) && (scope.exclude === undefined || !id.startsWith(scope.exclude));
  let documents = new Map<string, string>();
  return {
    name: `portal-graphql-document-imports-${scope.name ?? 'gql-document'}`,
    apply: 'build',
    // Before the TypeScript transform, which would rewrite the import's quotes and the template literals.
    enforce: 'pre',
    buildStart() {
      const text = readFileSync(generatedFile, 'utf8');
      documents = new Map([...text.matchAll(GENERATED_DOCUMENT)].map((m) => [m[1]!, m[2]!]));
    },
    resolveId(source) {
      return source.startsWith(VIRTUAL_PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      const json = documents.get(id.slice(VIRTUAL_PREFIX.length + 1));
      return json === undefined ? null : `export default ${json};`;
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('/gql/') || !inScope(id) || !code.includes('graphql(`')) return null;
      const importMatch = GRAPHQL_IMPORT.exec(code);
      if (!importMatch) return null;
      const used = new Set<string>();
      let left = 0;
      const rewritten = code.replace(GRAPHQL_CALL, (call, source: string) => {
        const name = generatedDocumentName(source);
        if (!name || !documents.has(name)) {
          left += 1;
          return call;
        }
        used.add(name);
        // Keep the line count, so that the source map of the file (the plugin returns none) stays aligned.
        return name + '\n'.repeat(call.split('\n').length - 1);
      });
      if (used.size === 0) return null;
      const documentsImport = [...used].map((name) => `import ${name} from '${VIRTUAL_PREFIX}${name}';`).join('\n');
      const withImports = left === 0 ? rewritten.replace(GRAPHQL_IMPORT, documentsImport) : rewritten.replace(GRAPHQL_IMPORT, (line) => `${line}\n${documentsImport}`);
      return { code: withImports, map: null };
    },
  };
}
