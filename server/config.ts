import { z } from 'zod';

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
  /** SQLite file. @default data/portal.db */
  DATABASE_PATH: z.string().min(1).default('data/portal.db'),
  /** Tenant this process serves (spec 000 section 1). @default main */
  TENANT: z.enum(['main', 'regional']).default('main'),
  /** `production` hides GraphiQL and introspection. @default development */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  /** Origin under which the portal is served to browsers, for example https://portal.example.at; https turns on Secure and __Host- cookies. */
  PUBLIC_ORIGIN: z.url().optional(),
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
  EID_AUTH_ENDPOINT: z.url().optional(),
  EID_CLIENT_ID: z.string().min(1).optional(),
  EID_REDIRECT_URI: z.url().optional(),
  /** Log level of the server log. @default info */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema>;

/** Parses `env` (default `process.env`); throws an Error that lists every invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Portal and calculator versions shown on the login page (spec 000 section 2, version label v902). */
export const VERSION_NUMBERS = { portal: 'v902', webRechner: '4.2.0' } as const;
