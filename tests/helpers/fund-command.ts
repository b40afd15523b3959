import { runFundCommand } from '../../server/cli/fund';
import type { TestServer } from './test-server';

/** What a run of `npm run fund -- …` gave: its exit code and the lines it printed. */
export interface FundCommandRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs an operator command of server/cli/fund.ts (`args`: the words after `npm run fund --`) in this process against
 * the test server's database (`DATABASE_PATH`, or `DATABASE_URL` on PostgreSQL), as the command line would with that
 * environment: the same function, without starting Node and compiling the server for every call. The suites that
 * prove the command line itself spawn it (tests/api/fund-command.test.ts, tests/api/own-contributions.test.ts).
 */
export async function runFund(server: TestServer, args: string[], env: NodeJS.ProcessEnv = {}): Promise<FundCommandRun> {
  let stdout = '';
  let stderr = '';
  const database = server.db.dialect === 'postgresql' ? { DATABASE_URL: server.dbPath } : { DATABASE_PATH: server.dbPath, DATABASE_URL: '' };
  const status = await runFundCommand(args, {
    env: { ...process.env, LOG_LEVEL: 'silent', ...database, ...env },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  });
  return { status, stdout, stderr };
}
