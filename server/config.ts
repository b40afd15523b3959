import { z } from 'zod';
import { EID_CALLBACK_PATH } from './modules/eid/eid.rules';
import { movedClock, systemClock, type Clock } from './platform/shared/clock';
import { PRE_NOTIFICATION_DAYS_DEFAULT, PRE_NOTIFICATION_DAYS_RANGE, PREMIUM_RATE_RANGE_BP, isValidCreditorId } from '@contract/own-contributions';

/**
 * Server configuration, parsed once from the environment at start (STYLE.md 15). A wrong value stops the
 * server with a message naming the variable, instead of failing later.
 */
const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .default('')
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  /** TCP port; 0 picks a free port (tests). @default 3000 */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. @default 127.0.0.1 */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** SQLite file, used when DATABASE_URL is unset. @default data/portal.db */
  DATABASE_PATH: z.string().min(1).default('data/portal.db'),
  /**
   * PostgreSQL instead of SQLite: `postgres://user:password@host:5432/portal` (docs/scaling.md). Unset: the SQLite file
   * DATABASE_PATH. @default unset
   */
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//i, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** PostgreSQL connections per portal process (pool size). @default 10 */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Server processes on this machine: a number, or `auto` for one per CPU core (node:cluster; docs/scaling.md).
   * @default 1
   */
  WORKERS: z
    .string()
    .default('1')
    .refine((v) => v === 'auto' || /^[1-9]\d{0,2}$/.test(v), 'must be a whole number from 1 to 999 or auto'),
  /**
   * Milliseconds a database write waits for the write lock held by another connection or process before it gives up
   * (SQLite busy_timeout); a request that still finds the database locked answers 503. @default 5000
   */
  DB_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** Tenant this process serves (spec 000 section 1). @default main */
  TENANT: z.enum(['main', 'regional']).default('main'),
  /**
   * JSON answers of /graphql and /rest larger than this many bytes are compressed (brotli or gzip, as the client
   * accepts, with `Vary: Accept-Encoding`); smaller ones are sent as they are. @default 1024
   */
  COMPRESSION_THRESHOLD_BYTES: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  /**
   * Bytes of archived PDFs each process keeps in memory for downloads (least recently used leave first; keyed by
   * their SHA-256, so never stale); 0 turns the cache off. @default 16777216 (16 MiB)
   */
  DOCUMENT_CACHE_BYTES: z.coerce.number().int().min(0).max(1_073_741_824).default(16_777_216),
  /**
   * Answers kept by the per-process response cache of the hot reads (dashboard, documents list, REST getPersonalData;
   * server/http/response-cache.ts, decision 0038), least recently used first out; 0 turns the cache off. @default 10000
   */
  RESPONSE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  /** Bytes of answers (body, headers and key) the response cache keeps at most. @default 67108864 (64 MiB) */
  RESPONSE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(8_000_000_000)
    .default(64 * 1024 * 1024),
  /** `production` hides GraphiQL and introspection. @default development */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * GraphQL runs only registered operations (the web app's persisted documents and GRAPHQL_ALLOW_LIST_DIR); a document
   * sent as text is refused with PERSISTED_QUERY_ONLY. Unset: on in production, off otherwise (docs/security.md).
   * @default on in production
   */
  GRAPHQL_PERSISTED_ONLY: z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true' || v === 'yes')),
  /**
   * Folder of the integrators' allow-list: one `*.graphql` file per operation, keyed by the SHA-256 of the file
   * (README "For integrators"). Read at start. @default config/graphql-operations
   */
  GRAPHQL_ALLOW_LIST_DIR: z.string().min(1).default('config/graphql-operations'),
  /** Maintenance switch: login answers MAINTENANCE. */
  MAINTENANCE: booleanFlag,
  /** Members the start-up seeding creates when the database is empty. @default 2000 */
  SEED_MEMBERS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  /**
   * Minutes of inactivity before the client warns (spec 000 section 9: "10 minutes in one reading, 15 in another";
   * 10 is the default, see README). Logout follows 30 seconds later. @default 10
   */
  IDLE_WARNING_MINUTES: z.coerce.number().min(1).max(60).default(10),
  /** Hours after which a session ends regardless of activity. @default 8 */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().min(1).max(24).default(8),
  /** Consecutive wrong passwords that lock an access for LOCKOUT_MINUTES. @default 5 */
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(100).default(5),
  /** Lock duration (spec 000 section 9: 60 minutes). @default 60 */
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * Per-IP login throttle against credential stuffing (OWASP ASVS 5.0 V6.3.1): failed password logins (unknown
   * e-mail, wrong password, locked access) from one IP address, over all accounts, that stop further logins from that
   * address for the rest of the window, without a password check and without locking any account. @default 30
   */
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Sliding window of the per-IP login throttle, in minutes. @default 10 */
  LOGIN_IP_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /**
   * Origin under which the portal is served to browsers, for example https://portal.example.at; https turns on Secure
   * and __Host- cookies. Every link in a mail or letter starts with it (never with the request's Host or
   * X-Forwarded-Host header, which the client chooses). Required in production; elsewhere the default is the address
   * the server listens on (`http://HOST:<bound port>`). Only the origin is kept (a path or trailing slash is dropped).
   * @default http://HOST:<bound port> outside production; required in production
   */
  PUBLIC_ORIGIN: z
    .url()
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http(s) origin, for example https://portal.example.at')
    .transform((v) => new URL(v).origin)
    .optional(),
  /**
   * Remote log (REST `log`, GraphQL `log`; spec 000 section 7), public and so the cheapest way to fill the disk:
   * largest call in UTF-8 bytes of `component` plus all `msgs` (larger answers 413). @default 8192
   */
  LOG_MAX_CALL_BYTES: z.coerce.number().int().min(256).max(1_000_000).default(8192),
  /** Remote log calls per IP address per minute (fixed windows, counted in the database); more answer 429. @default 60 */
  LOG_IP_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /**
   * Passkey logins started (`startPasskeyLogin`, public: each stores a challenge) per IP address per minute, fixed
   * windows counted in the database; more answer RATE_LIMITED (docs/decisions/0047-passkeys.md). @default 30
   */
  PASSKEY_LOGIN_IP_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Remote log calls per session per minute; more answer 429. @default 20 */
  LOG_SESSION_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Submissions of the public upload form and the public merge request together (GraphQL `submitUploadForm`,
   * `requestPublicMerge`, REST `webportal/uploadForm`) per IP address per hour (fixed windows at the full hour,
   * counted in the database, shared by all processes); more answer RATE_LIMITED (REST 429 with Retry-After) and store
   * and mail nothing. Decision 0041. @default 10
   */
  PUBLIC_FORM_IP_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Requests to the fund's token endpoint `POST /oauth/token` per IP address per minute (fixed windows, counted in the
   * database); more answer 429 with Retry-After. Decision 0050. @default 30
   */
  FUND_TOKEN_IP_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /**
   * Submissions of the two public forms per receipt e-mail address (as typed, compared in lower case) per day (fixed
   * windows from 00:00 UTC): the receipt mails one address can be sent by strangers. More answer RATE_LIMITED.
   * Decision 0041. @default 5
   */
  PUBLIC_FORM_EMAIL_MAX_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Messages a member sends to the fund per hour (GraphQL `sendMessage`, REST `sendMessage`); more answer RATE_LIMITED. Decision 0041. @default 20 */
  MESSAGE_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Cost of a severance payout by cash order (Postanweisung), integer cents. Spec 001 section 9 gives two readings,
   * "at least 10 EUR" (the default) and 13 EUR (`1300`); README "Readings of the spec chosen". @default 1000
   */
  CASH_ORDER_COST_CENTS: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * SEPA creditor identifier (Gläubiger-ID) of the Pensionskasse, printed on every own-contribution mandate and
   * pre-notification (decision 0016). Checked for form and check digits (EPC262). The default is a made-up but
   * well-formed Austrian one; set the fund's real identifier in production. @default AT67ZZZ00000045678
   */
  SEPA_CREDITOR_ID: z
    .string()
    .default('AT67ZZZ00000045678')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isValidCreditorId, 'must be a SEPA creditor identifier with valid check digits, for example AT67ZZZ00000045678'),
  /**
   * Pre-notification period of own-contribution debits, calendar days (SEPA Core Direct Debit Rulebook: 14 unless
   * agreed otherwise with the payer). The earliest first debit date offered and accepted is today plus this period,
   * and the collection run debits only once the period since the pre-notification has passed (decision 0044).
   * @default 14
   */
  SEPA_PRE_NOTIFICATION_DAYS: z.coerce.number().int().min(PRE_NOTIFICATION_DAYS_RANGE.min).max(PRE_NOTIFICATION_DAYS_RANGE.max).default(PRE_NOTIFICATION_DAYS_DEFAULT),
  /**
   * Overrides the § 108a EStG premium rate in basis points (4.25 % to 6.75 %, set yearly). Unset: the rate of the
   * current year from the legal figures table (schema/contract/legal-figures.ts, decision 0043).
   */
  PREMIUM_RATE_BP: z.coerce.number().int().min(PREMIUM_RATE_RANGE_BP.min).max(PREMIUM_RATE_RANGE_BP.max).optional(),
  /*
   * Slow and greedy clients (decision 0011; node:http server limits). A client that dribbles its headers or body
   * is cut off (408, connection closed) when the limit passes; limits are checked every second.
   */
  /** Time a client has to send the complete request headers, in milliseconds. @default 10000 */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Time a client has to send the complete request (headers and body), in milliseconds; also the longest a connection
   * may stay without any traffic while a request is open (a client that stops reading an answer). @default 30000
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * How long an idle keep-alive connection stays open after an answer, in milliseconds. Behind a reverse proxy, set it
   * above the proxy's own idle timeout. @default 5000
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Open connections the server accepts at once; further connections are closed at once. @default 1000 */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Matomo site id for the web analytics (spec 000 section 3 clientConfig.matomoSiteId). */
  MATOMO_SITE_ID: z.coerce.number().int().positive().optional(),
  /** Matomo tracker base URL (for example https://analytics.example.at/); tracking runs only with MATOMO_SITE_ID too. */
  MATOMO_URL: z.url().optional(),
  /** Script URL of the optional chatbot widget (spec 000 section 1); off when unset. */
  CHATBOT_URL: z.url().optional(),
  /** Origins allowed to embed the login page (`embedded=1`) in a frame, space-separated; none by default. */
  FRAME_ANCESTORS: z.string().default(''),
  /** Announcement banner HTML for the login page. */
  ANNOUNCEMENT_HTML: z.string().optional(),
  /*
   * Electronic-ID login (ID Austria, OpenID Connect authorization-code flow with PKCE; DOMAIN.md "Electronic ID",
   * spec 000 section 2). Off unless all five EID_* variables are set; a partial set stops the server.
   */
  /** Authorization endpoint of the eID provider, exposed in clientConfig.eidAuthEndpoint (spec 000 section 3). @default unset (eID off) */
  EID_AUTH_ENDPOINT: z.url().optional(),
  /** Client id registered with the eID provider (clientConfig.eidClientId). @default unset (eID off) */
  EID_CLIENT_ID: z.string().min(1).optional(),
  /**
   * The portal's callback URL registered with the provider: `<origin>/webportal/eid/callback`
   * (clientConfig.eidRedirectUri). @default unset (eID off)
   */
  EID_REDIRECT_URI: z.url().optional(),
  /**
   * Issuer identifier of the eID provider; its `/.well-known/openid-configuration` gives the endpoints and keys.
   * Must be https in production. @default unset (eID off)
   */
  EID_ISSUER: z.url().optional(),
  /** Client secret for the code exchange at the token endpoint (server side only, never sent to browsers). @default unset (eID off) */
  EID_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * SMTP server for outgoing mail as a URL (smtp://user:pass@host:587, smtps://host:465). When unset, every mail is
   * written as an .eml file to MAIL_OUTBOX_DIR instead and its path logged. @default unset (outbox files)
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Folder for the .eml files of outgoing mail when SMTP_URL is unset. @default data/outbox */
  MAIL_OUTBOX_DIR: z.string().min(1).default('data/outbox'),
  /**
   * How often this process's mail worker looks for due mails in the outbox table, in milliseconds (a mail queued by
   * this process is sent at once after its commit; the poll picks up retries and mails of stopped processes). `0`:
   * this process only queues and never sends. @default 5000
   */
  MAIL_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /**
   * How often this process looks for due scheduled jobs (`job_leases`; one process of all runs each due time), in
   * milliseconds. `0`: this process runs no jobs. @default 10000
   */
  JOB_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /**
   * Folder of the members' data archives (ZIP files, docs/decisions/0052-data-archive.md), written by the job
   * `data-export.run` and deleted 7 days after they are ready. Every process serving downloads must see it (a shared
   * folder when several machines serve one database). @default data/exports
   */
  DATA_EXPORT_DIR: z.string().min(1).default('data/exports'),
  /** Folder for generated postal letters (registration code, first password) as PDF. @default data/letters */
  LETTERS_DIR: z.string().min(1).default('data/letters'),
  /**
   * Largest uploaded file in bytes (`POST /webportal/upload`), enforced while the body streams in. The spec gives 5 MB
   * and 10 MB; the default is the stricter 5 MB = 5242880 (decision 0014). @default 5242880
   */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** Hours an uploaded file nobody has referenced yet is kept before the clean-up job deletes it. @default 24 */
  UPLOAD_PENDING_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Unreferenced uploads one member may hold at once; more answer 429 TOO_MANY_PENDING. @default 20 */
  UPLOAD_MAX_PENDING: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * HMAC key signing the captcha challenges (decision 0024). Unset: one is generated per installation and stored in the
   * database (`install_secrets`), so every process and machine shares it. Set it (at least 32 characters) to manage it
   * yourself. @default generated
   */
  CAPTCHA_HMAC_KEY: z.string().min(32).max(512).optional(),
  /** Minutes a captcha challenge may be solved and sent. @default 10 */
  CAPTCHA_TTL_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  /** Largest number of the captcha's proof-of-work search (the browser tries half of it on average). @default 50000 */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Log level of the server log. @default info */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Moves the server's clock (sessions, lockouts, links, due dates, the seed's "today"): an ISO 8601 instant with a
   * time zone, e.g. `2026-11-25T09:00:00Z`, that the clock reads at the start (or at PORTAL_CLOCK_ANCHOR_MS) and
   * from which it moves on in real time. For the browser tests, so that date-dependent results do not depend on the
   * day they run (playwright.config.ts). Refused in production. @default unset (the system clock)
   */
  PORTAL_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /**
   * The real instant (milliseconds since the epoch) at which the moved clock reads PORTAL_CLOCK_START, so a test
   * runner and the servers it starts share one moved time. Only with PORTAL_CLOCK_START. @default the process's start
   */
  PORTAL_CLOCK_ANCHOR_MS: z.coerce.number().int().min(0).optional(),
});

const EID_VARIABLES = ['EID_AUTH_ENDPOINT', 'EID_CLIENT_ID', 'EID_REDIRECT_URI', 'EID_ISSUER', 'EID_CLIENT_SECRET'] as const;

/**
 * Cross-field checks of the eID variables: all five or none; EID_REDIRECT_URI ends with the callback path; in
 * production the issuer, the authorization endpoint and the redirect URI use https.
 */
const configSchema = envSchema.superRefine((env, ctx) => {
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: 'custom', path: ['HTTP_HEADERS_TIMEOUT_MS'], message: 'must not be larger than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)' });
  }
  if (env.NODE_ENV === 'production' && env.PUBLIC_ORIGIN === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_ORIGIN'],
      message: 'required in production: links in mails and letters are built from it, e.g. PUBLIC_ORIGIN=https://portal.example.at',
    });
  }
  if (env.NODE_ENV === 'production' && env.PORTAL_CLOCK_START !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['PORTAL_CLOCK_START'], message: 'not allowed in production: the portal runs on the real time there' });
  }
  if (env.PORTAL_CLOCK_ANCHOR_MS !== undefined && env.PORTAL_CLOCK_START === undefined) {
    ctx.addIssue({ code: 'custom', path: ['PORTAL_CLOCK_ANCHOR_MS'], message: 'only together with PORTAL_CLOCK_START' });
  }
  const set = EID_VARIABLES.filter((name) => env[name] !== undefined);
  if (set.length === 0) return;
  if (set.length < EID_VARIABLES.length) {
    for (const name of EID_VARIABLES.filter((n) => env[n] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `required when any of ${EID_VARIABLES.join(', ')} is set` });
    }
    return;
  }
  if (env.EID_REDIRECT_URI && !new URL(env.EID_REDIRECT_URI).pathname.endsWith(EID_CALLBACK_PATH)) {
    ctx.addIssue({ code: 'custom', path: ['EID_REDIRECT_URI'], message: `must be the portal's callback URL <origin>${EID_CALLBACK_PATH}` });
  }
  if (env.NODE_ENV === 'production') {
    for (const name of ['EID_ISSUER', 'EID_AUTH_ENDPOINT', 'EID_REDIRECT_URI'] as const) {
      if (!env[name]?.startsWith('https:')) ctx.addIssue({ code: 'custom', path: [name], message: 'must use https in production' });
    }
  }
});

export type Config = z.infer<typeof envSchema>;

/**
 * The server's clock: the system clock, or with PORTAL_CLOCK_START a clock that reads that instant at
 * PORTAL_CLOCK_ANCHOR_MS (default: now, the process's start) and moves on in real time (`movedClock`).
 */
export function configuredClock(config: Pick<Config, 'PORTAL_CLOCK_START' | 'PORTAL_CLOCK_ANCHOR_MS'>): Clock {
  if (config.PORTAL_CLOCK_START === undefined) return systemClock;
  return movedClock(Date.parse(config.PORTAL_CLOCK_START), config.PORTAL_CLOCK_ANCHOR_MS);
}

/** Where the portal's data lives: DATABASE_URL (PostgreSQL) when set, else the SQLite file DATABASE_PATH. */
export function databaseLocation(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_PATH'>): string {
  return config.DATABASE_URL ?? config.DATABASE_PATH;
}

/** Parses `env` (default `process.env`); throws an Error that lists every invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Portal and calculator versions shown on the login page (spec 000 section 2, version label v902). */
export const VERSION_NUMBERS = { portal: 'v902', webRechner: '4.2.0' } as const;
