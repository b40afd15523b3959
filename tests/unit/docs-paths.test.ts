import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Docs that stay true: every repository path named in the README, in docs/ and in the source (comments and strings)
 * exists, so a moved or deleted file cannot leave a pointer behind. A path counts when it starts with one of the
 * repository's top folders; one followed by `*`, `<`, `{` or `[` is a pattern, not a path. docs/benchmarks.md is left
 * out: its rounds are a record of what was measured then, and so is this file (its list names the paths).  A path that is named on purpose although it does not exist
 * (an example, a file a test plants, a file that is gone and said to be gone) is listed below with the reason.
 */
const NAMED_ON_PURPOSE: Record<string, string> = {
  'docs/decisions/0065-modules-by-area.md: schema/claim.graphql': 'the layout before the modules',
  'docs/decisions/0065-modules-by-area.md: server/graphql/claim': 'the layout before the modules',
  'docs/decisions/0065-modules-by-area.md: server/domain/claims': 'the layout before the modules',
  'docs/decisions/0065-modules-by-area.md: server/rest/member-methods.ts': 'the layout before the modules',
  'docs/decisions/0065-modules-by-area.md: server/context.ts': 'the layout before the modules',
  'docs/integrators.md: config/graphql-operations/Crm_MemberOverview.graphql': 'an example of an integrator’s allow-listed file',
  'docs/architecture.md: web/src/i18n/de': 'where the architecture would put the catalogue; docs/architecture.md says why it is elsewhere',
  'docs/decisions/0012-contract-module.md: server/web/db/tests/bench': 'a list of folders the contract may not import',
  'docs/decisions/0036-services-as-use-cases.md: server/modules/registration/for-request.ts': 'said to be gone',
  'tests/unit/build-plugins.test.ts: web/src/i18n/de/login.json': 'test data of a path mapping',
  'tests/e2e/helpers/settings.ts: tests/e2e/settings': 'the prefix of the settings-*.spec.ts files',
};

const TOP = '(?:server|web|db|schema|tests|bench|docs|config|\\.ci)';
const PATH = new RegExp(`(?<![\\w@/.-])(${TOP}/[A-Za-z0-9_./-]*[A-Za-z0-9_])`, 'g');

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(md|ts|tsx|css|graphql|mjs|cjs|js)$/.test(f) && f !== 'docs/benchmarks.md' && f !== 'tests/unit/docs-paths.test.ts' && existsSync(f));
}

/** Every `file: path` pair whose path does not exist (with `.ts`/`.tsx` added, for module specifiers). */
function missingPaths(): string[] {
  const missing = new Set<string>();
  for (const file of trackedTextFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(PATH)) {
      const path = match[1]!;
      const next = text[match.index + match[0].length];
      if (next === '*' || next === '<' || next === '{' || next === '[' || path.includes('NNNN')) continue;
      // tests/unit/lint-boundaries.test.ts plants these files for a moment, perhaps while this test runs beside it.
      if (path.endsWith('/planted-boundary.ts')) continue;
      if ([path, `${path}.ts`, `${path}.tsx`].some((candidate) => existsSync(candidate))) continue;
      missing.add(`${file}: ${path}`);
    }
  }
  return [...missing].sort();
}

describe('paths named in the docs and the source', () => {
  const missing = missingPaths();

  it('exist, unless named on purpose', () => {
    expect(missing.filter((entry) => !(entry in NAMED_ON_PURPOSE))).toEqual([]);
  });

  it('lists nothing on purpose that is no longer named', () => {
    expect(Object.keys(NAMED_ON_PURPOSE).filter((entry) => !missing.includes(entry))).toEqual([]);
  });
});
