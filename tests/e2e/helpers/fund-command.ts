import { spawnFund } from '../../helpers/spawn-fund';

/**
 * The fund's operator command (`npm run fund -- …`, server/cli/fund.ts) on the browser tests' database: `args` with
 * `--database` of this worker's e2e database appended (spawnFund). Returns the JSON object of the command's last
 * printed line (what `staff create` and `client create` print).
 * @throws Error with the command's output when it fails.
 */
export function fundCommandJson<T>(args: readonly string[]): T {
  const run = spawnFund([...args, '--database', process.env.E2E_DATABASE_PATH!]);
  if (run.status !== 0) throw new Error(`fund ${args.slice(0, 2).join(' ')} failed (${run.status}): ${run.stderr || run.stdout}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as T;
}
