/**
 * First-load JavaScript of the web app's routes, measured from the build (decision 0034): the chunks a browser must
 * fetch before a route can render (the entry chunk, the route's lazy chunks, and everything they import statically),
 * their gzip and brotli sizes as the server sends them, and the largest modules among them.
 *
 *   npm run bench:bundle                      # builds, then rewrites the bundle section of docs/benchmarks.md
 *   npx tsx bench/bundle.ts --out FILE        # measures the existing build (dist/web, dist/bundle-stats.json)
 *
 * `npm run bench` runs the same measurement at its end.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ChunkStats } from '../web/bundle-stats-plugin';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START = '<!-- bench:bundle:start (written by `npm run bench` and `npm run bench:bundle`) -->';
const END = '<!-- bench:bundle:end -->';

/**
 * Routes measured, with their budget of gzipped JavaScript (decision 0034), in KiB, and the lazy modules the router
 * loads for them: the screen's route module and, behind the login, the member shell (navigation, session watch) and
 * Apollo Client (web/src/app/apollo-runtime.tsx, loaded beside every screen but the login page's, decision 0034).
 */
export const ROUTE_BUDGETS = [
  { route: '/login', modules: ['web/src/app/routes/login.tsx'], budgetKiB: 150 },
  { route: '/dashboard', modules: ['web/src/app/routes/dashboard.tsx', 'web/src/app/routes/member-layout.tsx', 'web/src/app/apollo-runtime.tsx'], budgetKiB: 200 },
] as const;

export interface RouteLoad {
  route: string;
  budgetKiB: number;
  chunks: { fileName: string; bytes: number; gzip: number; brotli: number }[];
  bytes: number;
  gzip: number;
  brotli: number;
  /** Largest contributors, by package (node_modules) or source file, in bytes as rendered before minifying. */
  largest: { name: string; bytes: number }[];
}

/** Chunks reached from `start` through static imports, `start` included. */
export function staticClosure(chunks: Map<string, ChunkStats>, start: string[]): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string): void => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const next of chunks.get(fileName)?.imports ?? []) visit(next);
  };
  start.forEach(visit);
  return [...seen];
}

/** The package a module belongs to (`react-dom`, `@apollo/client`), or its path below the repository. */
export function contributor(moduleId: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (pkg) return pkg[1]!;
  // Rollup marks virtual modules with a leading NUL byte (`\0virtual:gql-document/…`): never written into the table.
  const id = moduleId.replace(/^\0/, '');
  const local = id.split(/\/(?=web\/|server\/|db\/|schema\/)/);
  return local.length > 1 ? local[local.length - 1]! : id;
}

/** Measures each route of ROUTE_BUDGETS in the build under `root` (dist/web and dist/bundle-stats.json). */
export function measureRoutes(root = ROOT): RouteLoad[] {
  const statsFile = join(root, 'dist/bundle-stats.json');
  if (!existsSync(statsFile)) throw new Error('dist/bundle-stats.json is missing: run `npm run build` first');
  const { chunks: list } = JSON.parse(readFileSync(statsFile, 'utf8')) as { chunks: ChunkStats[] };
  const chunks = new Map(list.map((c) => [c.fileName, c]));
  // The members' entry only: the workbench's (web/backoffice/index.html, decision 0054) is no member's first load.
  const entries = list.filter((c) => c.isEntry && !c.facadeModuleId?.endsWith('/backoffice/index.html')).map((c) => c.fileName);
  return ROUTE_BUDGETS.map(({ route, modules, budgetKiB }) => {
    const lazy = modules.map((module) => {
      const chunk = list.find((c) => c.facadeModuleId?.endsWith(module));
      if (!chunk) throw new Error(`no chunk for ${module} in the build`);
      return chunk.fileName;
    });
    const files = staticClosure(chunks, [...entries, ...lazy]);
    const measured = files.map((fileName) => {
      const body = readFileSync(join(root, 'dist/web', fileName));
      return {
        fileName,
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    });
    const byContributor = new Map<string, number>();
    for (const file of files) {
      for (const [id, bytes] of Object.entries(chunks.get(file)!.modules)) {
        byContributor.set(contributor(id), (byContributor.get(contributor(id)) ?? 0) + bytes);
      }
    }
    const sum = (key: 'bytes' | 'gzip' | 'brotli') => measured.reduce((n, c) => n + c[key], 0);
    return {
      route,
      budgetKiB,
      chunks: measured.sort((a, b) => b.gzip - a.gzip),
      bytes: sum('bytes'),
      gzip: sum('gzip'),
      brotli: sum('brotli'),
      largest: [...byContributor]
        .map(([name, bytes]) => ({ name, bytes }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 10),
    };
  });
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The markdown section for docs/benchmarks.md, between its own markers. */
export function renderBundleSection(loads: RouteLoad[], date = new Date()): string {
  const lines = [
    START,
    '',
    '## First-load JavaScript (from the build)',
    '',
    `Measured ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC from \`dist/web\`: the entry chunk, the route's lazy chunk and every chunk they import statically, compressed as the server sends them (gzip level 9 and brotli quality 11, precompressed at build). Budgets: \`/login\` ≤ 150 KiB and \`/dashboard\` ≤ 200 KiB gzipped.`,
    '',
    '| route | chunks | minified KiB | gzip KiB | brotli KiB | budget (gzip) | met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...loads.map(
      (l) => `| \`${l.route}\` | ${l.chunks.length} | ${kib(l.bytes)} | ${kib(l.gzip)} | ${kib(l.brotli)} | ${l.budgetKiB} | ${l.gzip <= l.budgetKiB * 1024 ? 'yes' : 'no'} |`,
    ),
    '',
  ];
  for (const l of loads) {
    lines.push(`Largest contributors to \`${l.route}\` (KiB as rendered into the chunks, before minifying):`, '');
    lines.push('| package or file | KiB |', '| --- | ---: |');
    for (const m of l.largest) lines.push(`| ${m.name} | ${kib(m.bytes)} |`);
    lines.push('');
  }
  lines.push(END);
  return lines.join('\n');
}

/** Replaces the part of `document` from `startMarker` to `endMarker` with `section` (or appends it when absent). */
export function withSection(document: string, startMarker: string, endMarker: string, section: string): string {
  const start = document.indexOf(startMarker);
  const end = document.indexOf(endMarker);
  if (start !== -1 && end > start) return document.slice(0, start) + section + document.slice(end + endMarker.length);
  return `${document.trimEnd()}\n\n${section}\n`;
}

/** Replaces the bundle section of `document` (or appends it when absent). */
export function withBundleSection(document: string, section: string): string {
  return withSection(document, START, END, section);
}

/** Measures the build and writes the section into `out`; returns the measurements. */
export function writeBundleReport(out: string): RouteLoad[] {
  const loads = measureRoutes();
  const previous = existsSync(out) ? readFileSync(out, 'utf8') : '# Benchmarks\n';
  writeFileSync(out, withBundleSection(previous, renderBundleSection(loads)));
  return loads;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/benchmarks.md' } } });
  for (const l of writeBundleReport(values.out!)) {
    console.log(`${l.route}: ${l.chunks.length} chunks, ${kib(l.gzip)} KiB gzip (budget ${l.budgetKiB}), ${kib(l.brotli)} KiB brotli`);
  }
}
