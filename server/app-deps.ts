/**
 * The process-wide dependencies of the portal, built once at start (server/main.ts, server/cli/fund.ts, the test
 * server): database, configuration, stores (server/process-deps.ts) and the services built on them
 * (server/services.ts). Re-exported by server/platform/request-context.ts, which builds the request context on top of them.
 */
import type { Db } from '../db/client';
import type { Config } from './config';
import { createSecurityAudit } from './platform/audit/security-audit';
import { createAccountsStore } from './modules/accounts/accounts.store';
import { createClaimsStore } from './modules/claims/claims.store';
import { createMergeStore } from './modules/merge/merge.store';
import { createOwnContributionsStore } from './modules/own-contributions/own-contributions.store';
import { createSessionStore } from './modules/session/session.store';
import { createDocumentsStore } from './modules/documents/documents.store';
import { createInvestmentStore } from './modules/investment/investment.store';
import { createMailer } from './platform/mail/mailer';
import { createIdempotency } from './platform/idempotency/idempotency';
import { createScheduler } from './platform/jobs/scheduler';
import { createLoginFlowStore } from './modules/login-flow/login-flow.store';
import { createPersonStore } from './modules/person/person.store';
import { createProfileStore } from './modules/profile/profile.store';
import { createMessagesStore } from './modules/messages/messages.store';
import { scheduleCaptchaPurge } from './modules/captcha/captcha.job';
import { createCaptchaService } from './modules/captcha/captcha.service';
import { createCaptchaStore } from './modules/captcha/captcha.store';
import { createPublicUploadsService } from './modules/public-uploads/public-uploads.service';
import { createPublicUploadsStore } from './modules/public-uploads/public-uploads.store';
import { scheduleUploadPurge } from './modules/uploads/uploads.job';
import { scheduleDataExports } from './modules/data-export/data-export.job';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createUploadsStore } from './modules/uploads/uploads.store';
import type { Clock } from './platform/shared/clock';
import { createRateLimiter } from './platform/shared/rate-limit';
import { warnIfLegalFiguresMissing } from './platform/shared/legal-figures-check';
import { createRateLimitStore } from './platform/shared/rate-limit.store';
import type { Logger } from './log';
import type { ProcessDeps } from './process-deps';
import type { AppDeps } from './platform/deps';
import { createServices, type Services } from './services';
import { TENANTS } from './tenants';
import { createFundEventsStore } from './fund/events/events.store';
import { createWebhookDelivery } from './fund/webhooks/webhook-delivery';
import { createWebhooksStore } from './fund/webhooks/webhooks.store';

declare module './platform/deps' {
  /** Everything that lives as long as the process: `ProcessDeps` and the services built once on top of them. */
  interface AppDeps extends ProcessDeps {
    /** The domain services, built once (server/services.ts); they take the request's scope where they need it. */
    services: Services;
  }
}
export type { AppDeps };

/**
 * Builds what a process needs once: scheduler and its jobs, uploads, captcha, mailer, audit, the stores, and at the
 * end the services (`createServices`), exposed as `deps.services`. Warns first when the legal figures lack the
 * current year (decision 0043).
 */
export function createAppDeps(db: Db, config: Config, clock: Clock, logger: Logger): AppDeps {
  const idleWarningMs = config.IDLE_WARNING_MINUTES * 60_000;
  warnIfLegalFiguresMissing(clock, logger);
  const scheduler = createScheduler({ db, clock, logger, pollMs: config.JOB_POLL_MS });
  const idempotency = createIdempotency({ db, clock });
  scheduler.scheduleJob('idempotency-keys.purge', 3_600_000, async () => {
    const purged = await idempotency.purgeExpired();
    if (purged) logger.info('idempotency keys purged', { purged });
  });
  const events = createFundEventsStore({ db, clock });
  // The fund's webhooks (decision 0053): every 5 s one process sends the due deliveries, each leased per row.
  const webhooks = createWebhookDelivery({ store: createWebhooksStore(db), clock, logger, production: config.NODE_ENV === 'production' });
  scheduler.scheduleJob('webhooks.deliver', 5_000, async () => {
    while ((await webhooks.runDue()) > 0);
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
    limiter: createRateLimiter({ store: createRateLimitStore(db), clock }),
    limits: { ipMaxPerHour: config.PUBLIC_FORM_IP_MAX_PER_HOUR, emailMaxPerDay: config.PUBLIC_FORM_EMAIL_MAX_PER_DAY },
    events,
  });
  scheduleCaptchaPurge(scheduler, captcha, logger, () => publicUploads.purgeExpired());
  const processDeps: ProcessDeps = {
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
    events,
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
      session: createSessionStore(db),
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
  const services = createServices(processDeps);
  scheduleDataExports(scheduler, services.dataExport, logger);
  return { ...processDeps, services };
}
