/**
 * The server log: one JSON object per line on stdout. Callers log ids and codes only; as a second line of defence
 * every string that reaches the log is passed through `redact`, which masks what looks like an SVNR, an IBAN, a
 * session or link token, or an e-mail address (client log messages, library messages, error texts).
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const PATTERNS: [RegExp, string][] = [
  // A value labelled as a password or code ("password: …", "Passwort=…", "pwd …").
  [/\b(pass(?:wor[dt])?|pwd|kennwort|code)(\s*[:=]?\s*)\S+/gi, '$1$2[SECRET]'],
  // IBAN: country code, check digits, 11 to 30 alphanumerics, optionally grouped by spaces.
  [/\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/gi, '[IBAN]'],
  // SVNR: ten digits, optionally written 4 + 6; the fund's internal insurance numbers R + 9 digits, A + 10 or 11.
  [/\b\d{4}\s?\d{6}\b/g, '[SVNR]'],
  [/\b(?:[Rr]\d{9}|[Aa]\d{10,11})\b/g, '[SVNR]'],
  // Session and link tokens: 43 base64url characters (256 bits).
  [/\b[A-Za-z0-9_-]{43}\b/g, '[TOKEN]'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[EMAIL]'],
];

/** Masks personal data and secrets in a string (see the module comment). */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, mask] of PATTERNS) out = out.replace(pattern, mask);
  return out;
}

function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, depth + 1)]));
}

export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const min = LEVELS[level];
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (LEVELS[lvl] < min) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: redact(msg), ...(fields ? (redactDeep(fields) as object) : {}) }));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * The log of the seed's demo lines (`npm start` on an empty database): the demo personas' registration codes, first
 * passwords and nina's activation link, which the README promises in the start log. They are made-up demo data, so
 * they are written as they are (info level), not masked as secrets the way `createLogger` masks real ones.
 */
export function createDemoLog(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): (msg: string) => void {
  return (msg) => {
    if (LEVELS.info < LEVELS[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg, demo: true }));
  };
}
