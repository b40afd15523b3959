import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Server texts come from the one catalogue (decision 0012): mails, letters, PDFs and REST/GraphQL messages are read
 * from schema/contract/i18n/de/*.json, never written as German literals in server code. This suite parses every
 * server/**\/*.ts (not tests, not __generated__) with the TypeScript parser and fails, listing file:line, for each
 * string or template literal with German text. Comments and log messages in English are not literals with German
 * words, so they pass.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'server');

/** Folders not scanned, relative to the repository root (none: every server folder reads the catalogue). */
const SKIPPED_FOLDERS: string[] = [];

/**
 * Literals that must stay, as `file: exact literal text`, each with its reason. Keep this list short: a user-visible
 * text belongs in the catalogue.
 */
const ALLOWED: { file: string; text: string; reason: string }[] = [
  { file: 'server/tenants.ts', text: 'VBV-Gruppe, Obere Donaustraße 49-53, 1020 Wien', reason: 'tenant definition: postal address (a proper name, the same in every language)' },
  { file: 'server/tenants.ts', text: 'Niederösterreichische Vorsorgekasse', reason: 'tenant definition: the fund’s registered name' },
  { file: 'server/tenants.ts', text: 'Niederösterreichische Vorsorgekasse Mitgliederportal', reason: 'tenant definition: mail sender name built from the registered name' },
  {
    file: 'server/tenants.ts',
    text: 'Niederösterreichische Vorsorgekasse, Neue Herrengasse 10, 3100 St. Pölten',
    reason: 'tenant definition: postal address (a proper name, the same in every language)',
  },
];

/** German text: a word with ä/ö/ü/ß, or the formal address ("Sie", "Ihr", "Ihre", "Ihren" …) and "bitte" as words. */
const GERMAN = /[äöüÄÖÜß]|(^|[^\p{L}])(Sie|Ihr|Ihre\p{L}*|[Bb]itte)(?=[^\p{L}]|$)/u;

function serverFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(ROOT, path).split('\\').join('/');
    if (entry.isDirectory()) {
      if (entry.name === '__generated__' || entry.name === 'node_modules' || SKIPPED_FOLDERS.includes(rel)) continue;
      files.push(...serverFiles(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

/** Every string and template literal part of a source text, with its line (1-based). */
function literals(fileName: string, source: string): { line: number; text: string }[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** `file:line: text` of every German literal in `files` that the allow-list does not name. */
function germanLiterals(files: string[]): string[] {
  const hits: string[] = [];
  for (const file of files) {
    const rel = relative(ROOT, file).split('\\').join('/');
    for (const { line, text } of literals(file, readFileSync(file, 'utf8'))) {
      if (!GERMAN.test(text)) continue;
      if (ALLOWED.some((a) => a.file === rel && a.text === text)) continue;
      hits.push(`${rel}:${line}: ${text.slice(0, 120)}`);
    }
  }
  return hits;
}

describe('server texts come from the catalogue (decision 0012)', () => {
  const files = serverFiles(SERVER);

  it('finds the server sources', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.endsWith('server/platform/mail/templates.ts'))).toBe(true);
  });

  it('has no German string or template literal in server code', () => {
    expect(germanLiterals(files)).toEqual([]);
  });

  it('recognises German literals and ignores comments and English', () => {
    const source = [
      '// Bitte nicht: a comment with Grüße is not a literal',
      "const a = 'Ihr Passwort wurde geändert';",
      'const b = `für ${x} Tage`;',
      "const c = 'Sie haben Post';",
      "const d = 'mail not sent';",
      "const e = 'Bitter lemon, Sierra';",
      "const f = 'mit Ihrer Sozialversicherungsnummer';",
      "const g = 'Konto entsperren, bitte';",
      "const h = 'Their reply';",
    ].join('\n');
    const german = literals('sample.ts', source)
      .filter((l) => GERMAN.test(l.text))
      .map((l) => l.line);
    expect(german).toEqual([2, 3, 4, 7, 8]);
  });

  it('keeps every allow-list entry in use, each with a reason', () => {
    for (const entry of ALLOWED) {
      expect(entry.reason.length, entry.text).toBeGreaterThan(10);
      const source = readFileSync(join(ROOT, entry.file), 'utf8');
      expect(
        literals(entry.file, source).some((l) => l.text === entry.text),
        `${entry.file}: ${entry.text}`,
      ).toBe(true);
    }
  });
});
