// Installs the Debian packages the tests need besides Node (the test machines run as root and reach Debian's
// mirrors): `browser`, the Chromium that playwright.config.ts launches (E2E_CHROMIUM, by default Debian's
// chromium-headless-shell: docs/decisions/0066-headless-shell-for-browser-tests.md), and `postgres`, PostgreSQL's
// server programs for the vitest project `postgres` (tests/helpers/postgres-server.ts). Usage:
//   node tests/ensure-packages.mjs browser postgres
// What is missing is installed after one `apt-get update`; when nothing is missing it does nothing. `npm test` runs it
// beside the static checks, so the download overlaps them instead of waiting in front of vitest and Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const BROWSER_PACKAGES = { '/usr/bin/chromium-headless-shell': 'chromium-headless-shell', '/usr/bin/chromium': 'chromium' };
const browser = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const wanted = new Set(process.argv.slice(2));

function fail(message) {
  console.error(`ensure-packages: ${message}`);
  process.exit(1);
}

function run(command, args) {
  console.log(`ensure-packages: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) fail(`"${command} ${args.join(' ')}" failed with exit code ${result.status}`);
}

function postgresInstalled() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/initdb`));
}

for (const name of wanted) if (name !== 'browser' && name !== 'postgres') fail(`unknown package group "${name}" (browser, postgres)`);
const browserPackage = wanted.has('browser') && !existsSync(browser) ? BROWSER_PACKAGES[browser] : null;
if (browserPackage === undefined) fail(`${browser} (E2E_CHROMIUM) does not exist and is not one of Debian's Chromium packages`);
const postgresMissing = wanted.has('postgres') && !postgresInstalled();

if (browserPackage || postgresMissing) {
  run('apt-get', ['update']);
  // The browser with its recommended packages (the fonts the screens are laid out in), PostgreSQL without them.
  if (browserPackage) run('apt-get', ['install', '-y', browserPackage]);
  if (postgresMissing) run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql']);
  if (browserPackage && !existsSync(browser)) fail(`the ${browserPackage} package did not provide ${browser}`);
  if (postgresMissing && !postgresInstalled()) fail('the postgresql package provided no initdb under /usr/lib/postgresql');
}
