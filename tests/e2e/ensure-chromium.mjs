// Makes sure the system Chromium that playwright.config.ts launches exists: installs it with apt-get when
// /usr/bin/chromium is missing (the test containers run as root), otherwise does nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function run(command, args) {
  console.log(`ensure-chromium: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    console.error(`ensure-chromium: "${command} ${args.join(' ')}" failed with exit code ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(CHROMIUM)) {
  console.log(`ensure-chromium: ${CHROMIUM} is missing, installing the chromium package`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (!existsSync(CHROMIUM)) {
    console.error(`ensure-chromium: the chromium package did not provide ${CHROMIUM}`);
    process.exit(1);
  }
  console.log(`ensure-chromium: installed ${CHROMIUM}`);
}
