import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contributor, staticClosure, withBundleSection } from '../../bench/bundle';
import type { ChunkStats } from '../../web/bundle-stats-plugin';
import { generatedDocumentName, graphqlDocumentImports } from '../../web/graphql-documents-plugin';

/** The build's GraphQL document rewrite and the first-load measurement of `npm run bench` (decision 0034). */

describe('graphql document imports', () => {
  const generated = join(mkdtempSync(join(tmpdir(), 'gql-')), 'graphql.ts');
  writeFileSync(
    generated,
    [
      "import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';",
      'export const Page_QueryDocument = {"kind":"Document","definitions":[]} as unknown as DocumentNode<PageQuery, PageQueryVariables>;',
      'export const Card_PersonFragmentFragmentDoc = {"kind":"Document","definitions":[1]} as unknown as DocumentNode<Card, unknown>;',
    ].join('\n'),
  );
  const plugin = graphqlDocumentImports(generated) as unknown as {
    buildStart(): void;
    resolveId(source: string): string | null;
    load(id: string): string | null;
    transform(code: string, id: string): { code: string } | null;
  };
  plugin.buildStart();

  it('names documents as the client preset does', () => {
    expect(generatedDocumentName('\n  query Page_Query($id: ID!) { me { id } }')).toBe('Page_QueryDocument');
    expect(generatedDocumentName('mutation Save_It { x }')).toBe('Save_ItDocument');
    expect(generatedDocumentName('fragment Card_PersonFragment on Person { id }')).toBe('Card_PersonFragmentFragmentDoc');
    expect(generatedDocumentName('{ anonymous }')).toBeUndefined();
  });

  it('turns each graphql() call into an import of its own module, keeping the line count', () => {
    const source = [
      "import { useQuery } from '@apollo/client/react';",
      "import { graphql } from '../../gql';",
      'export const Q = graphql(`',
      '  query Page_Query($id: ID!) {',
      '    me { id }',
      '  }',
      '`);',
      'export const F = graphql(`fragment Card_PersonFragment on Person { id }`);',
    ].join('\n');
    const out = plugin.transform(source, '/app/web/src/features/page/api.ts')!.code;
    expect(out).not.toContain("from '../../gql'");
    expect(out).toContain("import Page_QueryDocument from 'virtual:gql-document/Page_QueryDocument';");
    expect(out).toContain("import Card_PersonFragmentFragmentDoc from 'virtual:gql-document/Card_PersonFragmentFragmentDoc';");
    expect(out).toContain('export const Q = Page_QueryDocument\n');
    expect(out.split('\n').length).toBe(source.split('\n').length + 1);
    expect(plugin.load(plugin.resolveId('virtual:gql-document/Page_QueryDocument')!)).toBe('export default {"kind":"Document","definitions":[]};');
  });

  it('leaves a document it does not know, and files without the gql import, as they are', () => {
    const unknown = "import { graphql } from '../gql';\nexport const Q = graphql(`query Other_Query { x }`);";
    expect(plugin.transform(unknown, '/app/web/src/x.ts')).toBeNull();
    expect(plugin.transform('const graphql = (s: string) => s;\ngraphql(`query Page_Query { x }`);', '/app/web/src/y.ts')).toBeNull();
  });
});

describe('first-load measurement', () => {
  const chunk = (fileName: string, imports: string[]): [string, ChunkStats] => [
    fileName,
    { fileName, isEntry: false, facadeModuleId: null, imports, dynamicImports: [], modules: {} },
  ];

  it('follows static imports only, each chunk once', () => {
    const chunks = new Map([chunk('index.js', ['react.js']), chunk('react.js', []), chunk('login.js', ['form.js', 'react.js']), chunk('form.js', ['index.js'])]);
    expect(staticClosure(chunks, ['index.js', 'login.js']).sort()).toEqual(['form.js', 'index.js', 'login.js', 'react.js']);
  });

  it('groups modules by package or repository file', () => {
    expect(contributor('/w/node_modules/@apollo/client/core/index.js')).toBe('@apollo/client');
    expect(contributor('/w/node_modules/react-dom/cjs/x.js')).toBe('react-dom');
    expect(contributor('/work/repo/web/src/i18n/de/login.json')).toBe('web/src/i18n/de/login.json');
    // The catalogue lives in the contract module: named from the repository root, never by the machine's path.
    expect(contributor('/work/main/schema/contract/i18n/de/settings.json')).toBe('schema/contract/i18n/de/settings.json');
    expect(contributor('\0virtual:gql-document/DashboardPage_QueryDocument')).toBe('virtual:gql-document/DashboardPage_QueryDocument');
  });

  it('replaces its own section of the benchmarks document and leaves the rest', () => {
    const section = (n: number) => `<!-- bench:bundle:start (written by \`npm run bench\` and \`npm run bench:bundle\`) -->\n${n}\n<!-- bench:bundle:end -->`;
    const first = withBundleSection('# Benchmarks\n\nload figures\n', section(1));
    expect(first).toBe(`# Benchmarks\n\nload figures\n\n${section(1)}\n`);
    expect(withBundleSection(first, section(2))).toBe(`# Benchmarks\n\nload figures\n\n${section(2)}\n`);
  });
});
