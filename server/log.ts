/**
 * The server log: one JSON object per line on stdout. It never receives passwords, tokens, SVNRs or IBANs;
 * callers log ids and codes only.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const min = LEVELS[level];
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (LEVELS[lvl] < min) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
