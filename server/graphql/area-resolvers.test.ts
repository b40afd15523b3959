import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverAreaResolvers, mergeAreaResolvers } from './area-resolvers';

/** Area folders with files named `*.resolvers.js` (plain ES modules), under a fresh temp folder. */
function areas(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'areas-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('resolver maps found by name (decision 0062)', () => {
  it('takes every export named …Resolvers of every <area>/*.resolvers file, in path order, and nothing else', async () => {
    const root = areas({
      'b-area/b-area.resolvers.js': 'export const bResolvers = { Query: { b: () => 2 } }; export const helper = { Query: { x: 1 } };',
      'a-area/a-area.resolvers.js': 'export const aResolvers = { Query: { a: () => 1 } };',
      'a-area/a-area.service.js': 'export const serviceResolvers = { Query: { never: 0 } };',
      '__generated__/types.resolvers.js': 'export const generatedResolvers = { Query: { never: 0 } };',
    });
    const maps = await discoverAreaResolvers<Record<string, Record<string, unknown>>>(root);
    expect(maps.map((m) => Object.keys(m.Query!))).toEqual([['a'], ['b']]);
  });

  it('refuses an area file without a resolver map', async () => {
    const root = areas({ 'x/x.resolvers.js': 'export const notAMap = 1;' });
    await expect(discoverAreaResolvers(root)).rejects.toThrow(/exports no resolver map/);
  });

  it('finds every area of both schemas in this repository', async () => {
    for (const root of ['../modules', '../fund']) {
      const dir = join(dirname(fileURLToPath(import.meta.url)), root);
      const files = readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('__'))
        .flatMap((d) => readdirSync(join(dir, d.name)).filter((n) => n.endsWith('.resolvers.ts')));
      expect(files.length).toBeGreaterThan(10);
      expect((await discoverAreaResolvers(dir)).length).toBeGreaterThanOrEqual(files.length);
    }
  });
});

describe('merging the areas’ maps', () => {
  it('joins the fields of one type from several areas', () => {
    const a = () => 1;
    const b = () => 2;
    expect(mergeAreaResolvers([{ Person: { a } }, { Person: { b } }, { Query: { a } }])).toEqual({ Person: { a, b }, Query: { a } });
  });

  it('refuses two areas resolving the same field, naming it', () => {
    expect(() => mergeAreaResolvers([{ Person: { name: () => 'x' } }, { Person: { name: () => 'y' } }])).toThrow('Person.name is resolved by two areas');
  });
});
