/**
 * The guard rails of `npm run lint` fire: an import across a forbidden boundary is an eslint
 * error, and an import cycle made of type-only imports is a dependency-cruiser error. Each case plants a real file in
 * the tree (removed afterwards), lints it with the project's own configuration and expects the named rule.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const planted: string[] = [];

/** Writes `source` to `path` (relative to the repository) for the duration of one test. */
function plant(path: string, source: string): string {
  const file = join(ROOT, path);
  writeFileSync(file, source);
  planted.push(file);
  return file;
}

afterEach(() => {
  for (const file of planted.splice(0)) rmSync(file, { force: true });
});

/** The rule ids eslint reports for one file, with the project's eslint.config.js (one instance: the typed rules load the TypeScript program once). */
const eslint = new ESLint({ cwd: ROOT });
async function ruleIdsOf(file: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('boundary rules in eslint (import-x/no-restricted-paths)', () => {
  const cases: [string, string, string][] = [
    ['web imports server', 'web/src/lib/planted-boundary.ts', "import { isValidEmail } from '../../../server/modules/session/session.rules';\nexport const x = isValidEmail;\n"],
    ['db imports server', 'db/planted-boundary.ts', "import { isoInstant } from '../server/platform/shared/clock';\nexport const x = isoInstant;\n"],
    ['the contract imports server', 'schema/contract/planted-boundary.ts', "import { isoInstant } from '../../server/platform/shared/clock';\nexport const x = isoInstant;\n"],
    [
      'the contract imports web (type only)',
      'schema/contract/planted-boundary.ts',
      "import type { RemoteLogLevel } from '../../web/src/lib/remote-log';\nexport type X = RemoteLogLevel;\n",
    ],
    [
      'a module imports the composition root (type only)',
      'server/modules/claims/planted-boundary.ts',
      "import type { Services } from '../../services';\nexport type X = Services;\n",
    ],
    [
      'a feature imports another feature',
      'web/src/features/documents/planted-boundary.ts',
      "import { DashboardPage } from '../dashboard/components/dashboard-page';\nexport const x = DashboardPage;\n",
    ],
  ];

  it.each(cases)('fails when %s', { timeout: 120_000 }, async (_name, path, source) => {
    expect(await ruleIdsOf(plant(path, source))).toContain('import-x/no-restricted-paths');
  });

  it('passes a module naming the dependencies it is handed (server/platform/deps.ts)', async () => {
    const file = plant('server/modules/claims/planted-boundary.ts', "import type { AppDeps } from '../../platform/deps';\nexport type X = AppDeps;\n");
    expect(await ruleIdsOf(file)).toEqual([]);
  });

  it('passes the same feature file importing from its own feature and from @contract', async () => {
    const file = plant(
      'web/src/features/documents/planted-boundary.ts',
      "import { formatDate } from '@contract/format';\nimport { DocumentsPage } from './components/documents-page';\nexport const x = [formatDate, DocumentsPage];\n",
    );
    expect(await ruleIdsOf(file)).toEqual([]);
  });
});

describe('import cycles in dependency-cruiser (type-only imports included)', () => {
  it('fails on a cycle of two type-only imports and passes once it is broken', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    try {
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src', 'a.ts'), "import type { B } from './b';\nexport interface A { b: B }\n");
      writeFileSync(join(dir, 'src', 'b.ts'), "import type { A } from './a';\nexport interface B { a: A }\n");
      const cruise = () =>
        spawnSync(process.execPath, [join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', join(ROOT, '.dependency-cruiser.cjs'), 'src'], {
          cwd: dir,
          encoding: 'utf8',
        });
      const withCycle = cruise();
      expect(withCycle.status).not.toBe(0);
      expect(withCycle.stdout + withCycle.stderr).toContain('no-circular');

      writeFileSync(join(dir, 'src', 'b.ts'), 'export interface B { name: string }\n');
      const without = cruise();
      expect(without.stdout + without.stderr).not.toContain('no-circular');
      expect(without.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
