import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The catalogue is loaded in parts (decision 0027): the shell's part with the first load, every other part with the
 * route module that shows it. This suite reads the sources: every catalogue key a route's code can reach through static
 * imports (literal keys and key prefixes such as `login.error.${code}`) must belong to a part that is loaded by then,
 * so no screen shows a key instead of its text.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CATALOGUE = join(ROOT, 'schema/contract/i18n/de');
const WEB = join(ROOT, 'web/src');

/** Catalogue part (file name without .json) of each top-level key; the tenant overrides and server texts excluded. */
const partOfPrefix = new Map<string, string>();
for (const file of readdirSync(CATALOGUE).filter((f) => f.endsWith('.json') && f !== 'regional.json' && f !== 'transport.json')) {
  for (const key of Object.keys(JSON.parse(readFileSync(join(CATALOGUE, file), 'utf8')) as object)) {
    partOfPrefix.set(key, basename(file, '.json'));
  }
}
const keyPattern = new RegExp(`['"\`](${[...partOfPrefix.keys()].join('|')})\\.`, 'g');

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@contract/')) base = join(ROOT, 'schema/contract', specifier.slice('@contract/'.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((file) => /\.(tsx?|json)$/.test(file) && existsSync(file)) ?? null;
}

/** Source files reached from `start` through static value imports (`import type` and `import()` are not loaded with it). */
function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.json')) return;
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)) {
      if (m[1]) continue;
      const target = resolveImport(file, (m[2] ?? m[3])!);
      if (target) visit(target);
    }
  };
  visit(start);
  return seen;
}

/** Catalogue parts whose keys the code in `files` uses. */
function partsUsed(files: Set<string>): Set<string> {
  const parts = new Set<string>();
  for (const file of files) {
    if (file.endsWith('.json')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(keyPattern)) parts.add(partOfPrefix.get(m[1]!)!);
  }
  return parts;
}

/** Catalogue parts a module imports itself (the shell's catalogue module, a route module's `catalogue`). */
function partsImported(file: string): Set<string> {
  const source = readFileSync(file, 'utf8');
  return new Set([...source.matchAll(/^import \w+ from '@contract\/i18n\/de\/([\w-]+)\.json';$/gm)].map((m) => m[1]!));
}

const missing = (used: Set<string>, ...loaded: Set<string>[]) => [...used].filter((part) => !loaded.some((set) => set.has(part))).sort();

const shell = partsImported(join(WEB, 'i18n/catalogue.ts'));
const memberLayout = join(WEB, 'app/routes/member-layout.tsx');
const memberParts = partsImported(memberLayout);

/** Route modules of web/src/app/router.tsx's `screens`, with their layout. */
const screens = [...readFileSync(join(WEB, 'app/router.tsx'), 'utf8').matchAll(/\{ layout: '(public|authenticated)', load: \(\) => import\('\.\/routes\/([\w-]+)'\) \}/g)].map(
  (m) => ({ layout: m[1]!, module: join(WEB, `app/routes/${m[2]}.tsx`) }),
);

describe('catalogue parts per route (decision 0027)', () => {
  it('reads the screens and the parts', () => {
    expect(screens.length).toBeGreaterThanOrEqual(25);
    expect([...shell]).toEqual(['common']);
    expect(partOfPrefix.get('registration')).toBe('registration');
  });

  it('the first load (web/src/main.tsx) uses the shell part only', () => {
    const entry = staticClosure(join(WEB, 'main.tsx'));
    expect(entry.has(join(WEB, 'app/router.tsx'))).toBe(true);
    expect(entry.has(memberLayout), 'the member shell is not in the first load').toBe(false);
    expect(missing(partsUsed(entry), shell)).toEqual([]);
  });

  it('the member shell brings the parts its navigation uses', () => {
    expect(missing(partsUsed(staticClosure(memberLayout)), shell, memberParts)).toEqual([]);
  });

  for (const { layout, module } of screens) {
    it(`${basename(module)} (${layout}) brings every part its screen uses`, () => {
      const brought = partsImported(module);
      if (brought.size > 0) expect(readFileSync(module, 'utf8')).toMatch(/^export const catalogue\b/m);
      const loaded = layout === 'authenticated' ? [shell, memberParts, brought] : [shell, brought];
      expect(missing(partsUsed(staticClosure(module)), ...loaded)).toEqual([]);
    });
  }
});
