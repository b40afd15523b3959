/**
 * The process-wide dependencies of the portal, built once at start (server/main.ts, server/cli/fund.ts, the test
 * server): database, configuration, stores and services (server/services.ts, built last, once). Re-exported by
 * server/context.ts, which builds the request context and its scope on top of them.
 */
import type { Db } from '../db/client';
import type { Config } from './config';
import { createSecurityAudit, type SecurityAudit } from './domain/audit/security-audit';
import { createAccountsStore } from './domain/accounts/accounts.store';
import { createClaimsStore } from './domain/claims/claims.store';
import { createMergeStore } from './domain/merge/merge.store';
import { createOwnContributionsStore } from './domain/own-contributions/own-contributions.store';
import type { AuthSettings } from './domain/auth/auth.service';
import { createAuthStore } from './domain/auth/auth.store';
import { createDocumentsStore } from './domain/documents/documents.store';
import { createInvestmentStore } from './domain/investment/investment.store';
import { createMailer, type Mailer } from './domain/mail/mailer';
import { createIdempotency, type Idempotency } from './domain/idempotency/idempotency';
import { createScheduler, type Scheduler } from './domain/jobs/scheduler';
import { createLoginFlowStore } from './domain/login-flow/login-flow.store';
import { createPersonStore } from './domain/person/person.store';
import { createProfileStore } from './domain/profile/profile.store';
import { createMessagesStore } from './domain/messages/messages.store';
import { scheduleCaptchaPurge } from './domain/captcha/captcha.job';
import { createCaptchaService, type CaptchaService } from './domain/captcha/captcha.service';
import { createCaptchaStore } from './domain/captcha/captcha.store';
import { createPublicUploadsService, type PublicUploadsService } from './domain/public-uploads/public-uploads.service';
import { createPublicUploadsStore } from './domain/public-uploads/public-uploads.store';
import { scheduleUploadPurge } from './domain/uploads/uploads.job';
import { createUploadsService, type UploadsService } from './domain/uploads/uploads.service';
import { createUploadsStore } from './domain/uploads/uploads.store';
import type { Clock } from './domain/shared/clock';
import { createRateLimitStore, type RateLimitStore } from './domain/shared/rate-limit.store';
import type { Logger } from './log';
import { createServices, type Services } from './services';
import { TENANTS, type TenantDefinition } from './tenants';

/** Everything that lives as long as the process: database, configuration, stores (with prepared statements). */
export interface AppDeps {
  db: Db;
  config: Config;
  tenant: TenantDefinition;
  clock: Clock;
  logger: Logger;
  authSettings: AuthSettings;
  /** Security audit log (security_events). */
  audit: SecurityAudit;
  /** Outgoing e-mail (SMTP_URL, or .eml files in MAIL_OUTBOX_DIR); records sent_mails (server/domain/mail). */
  mailer: Mailer;
  /**
   * Scheduled jobs of this process (server/domain/jobs/scheduler.ts): `scheduleJob(name, intervalMs, run)`; one
   * process of all runs each due time. Started by server/main.ts and the test server.
   */
  scheduler: Scheduler;
  /** Idempotent form submissions: `withIdempotencyKey(scope, personId, key, input, submit)` (server/domain/idempotency). */
  idempotency: Idempotency;
  /** The one upload service (server/domain/uploads): stateless, shared by all requests. */
  uploads: UploadsService;
  /** The self-hosted captcha of the public forms (server/domain/captcha, decision 0024). */
  captcha: CaptchaService;
  /** The public upload form `/upload-formular` (server/domain/public-uploads, decision 0024). */
  publicUploads: PublicUploadsService;
  stores: {
    auth: ReturnType<typeof createAuthStore>;
    accounts: ReturnType<typeof createAccountsStore>;
    person: ReturnType<typeof createPersonStore>;
    loginFlow: ReturnType<typeof createLoginFlowStore>;
    documents: ReturnType<typeof createDocumentsStore>;
    investment: ReturnType<typeof createInvestmentStore>;
    profile: ReturnType<typeof createProfileStore>;
    claims: ReturnType<typeof createClaimsStore>;
    merge: ReturnType<typeof createMergeStore>;
    ownContributions: ReturnType<typeof createOwnContributionsStore>;
    rateLimit: RateLimitStore;
    uploads: ReturnType<typeof createUploadsStore>;
    messages: ReturnType<typeof createMessagesStore>;
  };
  /**
   * The use cases, built once per process (server/services.ts): every request calls these same objects with its own
   * `RequestScope` (issue 12 item 4).
   */
  services: Services;
}

export function createAppDeps(db: Db, config: Config, clock: Clock, logger: Logger): AppDeps {
  const idleWarningMs = config.IDLE_WARNING_MINUTES * 60_000;
  const scheduler = createScheduler({ db, clock, logger, pollMs: config.JOB_POLL_MS });
  const idempotency = createIdempotency({ db, clock });
  scheduler.scheduleJob('idempotency-keys.purge', 3_600_000, async () => {
    const purged = await idempotency.purgeExpired();
    if (purged) logger.info('idempotency keys purged', { purged });
  });
  const uploadsStore = createUploadsStore(db);
  const uploads = createUploadsService({
    db,
    store: uploadsStore,
    clock,
    settings: { maxBytes: config.UPLOAD_MAX_BYTES, pendingHours: config.UPLOAD_PENDING_HOURS, maxPending: config.UPLOAD_MAX_PENDING },
  });
  scheduleUploadPurge(scheduler, uploads, logger);
  const captcha = createCaptchaService({
    store: createCaptchaStore(db),
    clock,
    settings: { hmacKey: config.CAPTCHA_HMAC_KEY, ttlMs: config.CAPTCHA_TTL_MINUTES * 60_000, maxNumber: config.CAPTCHA_MAX_NUMBER },
  });
  const mailer = createMailer({ db, config, tenant: TENANTS[config.TENANT], clock, logger });
  const publicUploads = createPublicUploadsService({
    db,
    store: createPublicUploadsStore(db),
    uploads,
    captcha,
    mailer,
    tenant: TENANTS[config.TENANT],
    clock,
    maintenance: config.MAINTENANCE,
  });
  scheduleCaptchaPurge(scheduler, captcha, logger, () => publicUploads.purgeExpired());
  const base: Omit<AppDeps, 'services'> = {
    captcha,
    publicUploads,
    scheduler,
    idempotency,
    db,
    config,
    clock,
    logger,
    tenant: TENANTS[config.TENANT],
    audit: createSecurityAudit(db, clock),
    mailer,
    uploads,
    authSettings: {
      maintenance: config.MAINTENANCE,
      lockoutThreshold: config.LOCKOUT_THRESHOLD,
      lockoutMs: config.LOCKOUT_MINUTES * 60_000,
      ipThrottle: { maxFailures: config.LOGIN_IP_MAX_FAILURES, windowMs: config.LOGIN_IP_WINDOW_MINUTES * 60_000 },
      // The client warns after the idle time and logs out 30 s later. Activity reaches the server only with the next
      // keep-alive (every 180 s), so the last one can be up to 180 s older than the last key press: the server
      // allows warning + 30 s + 180 s + 30 s slack (14 minutes with the default warning of 10).
      idleTimeoutMs: idleWarningMs + 240_000,
      absoluteTimeoutMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    stores: {
      auth: createAuthStore(db),
      accounts: createAccountsStore(db),
      person: createPersonStore(db),
      loginFlow: createLoginFlowStore(db),
      documents: createDocumentsStore(db),
      investment: createInvestmentStore(db),
      profile: createProfileStore(db),
      claims: createClaimsStore(db),
      merge: createMergeStore(db),
      ownContributions: createOwnContributionsStore(db),
      rateLimit: createRateLimitStore(db),
      uploads: uploadsStore,
      messages: createMessagesStore(db),
    },
  };
  return { ...base, services: createServices(base) };
}
