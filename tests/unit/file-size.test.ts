import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * No hand-written file over 400 lines, and a README that stays a table of contents (at most 250 lines, pointing to
 * docs/): a longer file is split by responsibility, a longer README moves a topic to a file of its own in docs/.
 * Counted: the tracked source files of server/, web/src/, db/, schema/, tests/, bench/ and scripts/. Not counted,
 * since nobody writes them by hand: generated code (`__generated__`, web/src/gql, tests/gql),
 * the migrations and their snapshots, and JSON (the catalogue, seed and legal data).
 */
const MAX_LINES = 400;
const README_MAX_LINES = 250;

/** Files allowed over the limit for now, with the reason; each is to be split and then removed from this list. */
const ALLOWED_OVER: Record<string, string> = {};

const COUNTED_FOLDERS = ['server', 'web/src', 'db', 'schema', 'tests', 'bench', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|graphql|css|sql)$/;
/** Generated or recorded, not written by hand. */
const NOT_HAND_WRITTEN = [/__generated__\//, /^web\/src\/gql\//, /^web\/src\/backoffice\/gql\//, /^tests\/gql\//, /^db\/migrations(-pg)?\//];

function countedFiles(): string[] {
  return execFileSync('git', ['ls-files', ...COUNTED_FOLDERS], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE_FILE.test(f) && !NOT_HAND_WRITTEN.some((pattern) => pattern.test(f)) && existsSync(f));
}

/** Lines of a text, as an editor numbers them (a final newline ends the last line, it does not start another). */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('file sizes', () => {
  it('counts lines as an editor does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\nb\n')).toBe(2);
  });

  it(`no hand-written file is over ${MAX_LINES} lines, except those allowed for now`, () => {
    const files = countedFiles();
    expect(files).toContain('server/main.ts');
    const over = files
      .map((file) => ({ file, lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ file, lines }) => lines > MAX_LINES && !(file in ALLOWED_OVER))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  it('allows nothing over the limit that is no longer over it', () => {
    const stale = Object.keys(ALLOWED_OVER).filter((file) => !existsSync(file) || lineCount(readFileSync(file, 'utf8')) <= MAX_LINES);
    expect(stale).toEqual([]);
  });

  it(`the README is a table of contents of at most ${README_MAX_LINES} lines`, () => {
    const lines = lineCount(readFileSync('README.md', 'utf8'));
    expect(lines, `README.md has ${lines} lines; move a topic to docs/`).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
