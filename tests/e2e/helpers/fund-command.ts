import { execFileSync } from 'node:child_process';

/**
 * The fund's operator command (`npm run fund -- …`, server/cli/fund.ts) on the browser tests' database: `args` with
 * `--database` of this worker's e2e database appended, run in Node with tsx (not through npx, which costs a second
 * Node start). Returns the JSON object of the command's last printed line (what `staff create` and `client create`
 * print); throws with the command's output when it fails.
 */
export function fundCommandJson<T>(args: readonly string[]): T {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/fund.ts', ...args, '--database', process.env.E2E_DATABASE_PATH!], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}
