import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

/**
 * Runs `npm run fund -- <args>` as the operator does: server/cli/fund.ts in a Node process of its own (through tsx,
 * from the repository root), with `LOG_LEVEL=silent` and `env` over this process's environment; waits up to 60 s and
 * answers the exit status and the printed text. For the suites that prove the command line itself; the others run the
 * same command in-process (`runFund`, tests/helpers/fund-command.ts).
 */
export function spawnFund(args: string[], env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/fund.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
}

/** A message the fund posts with `fund message` (server/cli/fund.ts): to a member's e-mail address, from a sender. */
export interface FundMessage {
  to: string;
  from: 'PENSION_FUND' | 'SEVERANCE_FUND' | 'PENSION_SERVICE' | 'OMBUDSMAN';
  subject: string;
  body: string;
  /** Paths of the PDF, TIFF or JPEG files to attach. */
  attach?: string[];
  /** The SQLite database file the command writes to. */
  database: string;
}

/** Posts `message` with the command line `fund message` (spawnFund), the mail notices going to `env`'s outbox. */
export function spawnFundMessage(message: FundMessage, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  const { to, from, subject, body, attach = [], database } = message;
  const files = attach.flatMap((file) => ['--attach', file]);
  return spawnFund(['message', '--to', to, '--from', from, '--subject', subject, '--body', body, ...files, '--database', database], env);
}
