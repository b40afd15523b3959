import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Source comments cite the spec section (`spec 001 section 5`), a decision (docs/decisions/NNNN-*.md) or the rule in
 * words, never a tracker entry: a tracker entry ends, its number says nothing to a reader of the code, and the spec
 * and the decisions are where the rules stay. The scan covers the source files of server/, web/src/, db/, schema/,
 * tests/ and bench/ (comments, docstrings, GraphQL descriptions and test titles alike) and fails on the word "issue"
 * followed by a number or a quoted title, naming file and line. docs/ is not scanned: the decision records may tell
 * their history.
 */

/** Paths left out on purpose, with the reason; a path ending in `/` stands for everything under it. */
const LEFT_OUT: Record<string, string> = {
  'tests/unit/no-issue-numbers.test.ts': 'this test: its examples of what the scan refuses',
};

const SCANNED_FOLDERS = ['server', 'web/src', 'db', 'schema', 'tests', 'bench'];
const SOURCE_FILE = /\.(ts|tsx|graphql|cjs|mjs|json|css)$/;
/** "issue" (or "issues"), then a number (`#12`, `12`) or a quoted title. */
const TRACKER_REFERENCE = /\bissues?\s+(?:#?\d|")/i;

function isLeftOut(file: string): boolean {
  return Object.keys(LEFT_OUT).some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path));
}

function scannedFiles(): string[] {
  return execFileSync('git', ['ls-files', ...SCANNED_FOLDERS], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE_FILE.test(f) && !f.includes('__generated__') && !isLeftOut(f) && existsSync(f));
}

/** `file:line: text` for every line that cites a tracker entry. */
function trackerReferences(): string[] {
  const found: string[] = [];
  for (const file of scannedFiles()) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (TRACKER_REFERENCE.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('source comments cite the spec or a decision, not a tracker entry', () => {
  it('recognises the forms a tracker reference takes, and not the words around them', () => {
    const cites = ['(Issue 18 item 3)', 'issue 12, item 7', 'issues 14 and 15', 'issue #4', 'issue "Security baseline"'];
    for (const text of cites) expect(TRACKER_REFERENCE.test(text), text).toBe(true);
    const fine = ['(spec 001 section 5)', 'decision 0021', 'docs/decisions/0021-spec-rules-issue-19.md', 'an issue of 2024'];
    for (const text of fine) expect(TRACKER_REFERENCE.test(text), text).toBe(false);
  });

  it('scans the source folders (the list is not empty)', () => {
    const files = scannedFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('server/main.ts');
    expect(files).toContain('server/modules/profile/profile.graphql');
  });

  it('finds no tracker reference in server/, web/src/, db/, schema/, tests/ or bench/', () => {
    expect(trackerReferences()).toEqual([]);
  });
});
