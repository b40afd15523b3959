/**
 * What a process builds once before its services (server/app-deps.ts `createAppDeps`): database, configuration,
 * clock, logger, stores and the process-wide helpers. The services (server/services.ts) are built from it; `AppDeps`
 * is this plus the services.
 */
import type { Db } from '../db/client';
import type { Config } from './config';
import type { SecurityAudit } from './platform/audit/security-audit';
import type { createAccountsStore } from './modules/accounts/accounts.store';
import type { createClaimsStore } from './modules/claims/claims.store';
import type { createMergeStore } from './modules/merge/merge.store';
import type { createOwnContributionsStore } from './modules/own-contributions/own-contributions.store';
import type { SessionSettings } from './modules/session/session.service';
import type { createSessionStore } from './modules/session/session.store';
import type { createDocumentsStore } from './modules/documents/documents.store';
import type { createInvestmentStore } from './modules/investment/investment.store';
import type { Mailer } from './platform/mail/mailer';
import type { Idempotency } from './platform/idempotency/idempotency';
import type { Scheduler } from './platform/jobs/scheduler';
import type { createLoginFlowStore } from './modules/login-flow/login-flow.store';
import type { createPersonStore } from './modules/person/person.store';
import type { createProfileStore } from './modules/profile/profile.store';
import type { createMessagesStore } from './modules/messages/messages.store';
import type { CaptchaService } from './modules/captcha/captcha.service';
import type { PublicUploadsService } from './modules/public-uploads/public-uploads.service';
import type { UploadsService } from './modules/uploads/uploads.service';
import type { createUploadsStore } from './modules/uploads/uploads.store';
import type { Clock } from './platform/shared/clock';
import type { RateLimitStore } from './platform/shared/rate-limit.store';
import type { Logger } from './log';
import type { FundEventsStore } from './fund/events/events.store';
import type { TenantDefinition } from './tenants';

/** Everything that lives as long as the process but the services: database, configuration, stores (with prepared statements). */
export interface ProcessDeps {
  db: Db;
  config: Config;
  tenant: TenantDefinition;
  clock: Clock;
  logger: Logger;
  authSettings: SessionSettings;
  /** Security audit log (security_events). */
  audit: SecurityAudit;
  /**
   * The fund's event feed (server/fund/events, decision 0053): `record(event)` in the write transaction of every change a
   * member or the fund makes; read by the fund's API and delivered to its webhooks.
   */
  events: FundEventsStore;
  /** Outgoing e-mail (SMTP_URL, or .eml files in MAIL_OUTBOX_DIR); records sent_mails (server/platform/mail). */
  mailer: Mailer;
  /**
   * Scheduled jobs of this process (server/platform/jobs/scheduler.ts): `scheduleJob(name, intervalMs, run)`; one
   * process of all runs each due time. Started by server/main.ts and the test server.
   */
  scheduler: Scheduler;
  /** Idempotent form submissions: `withIdempotencyKey(scope, personId, key, input, submit)` (server/platform/idempotency). */
  idempotency: Idempotency;
  /** The one upload service (server/modules/uploads): stateless, shared by all requests. */
  uploads: UploadsService;
  /** The self-hosted captcha of the public forms (server/modules/captcha, decision 0024). */
  captcha: CaptchaService;
  /** The public upload form `/upload-formular` (server/modules/public-uploads, decision 0024). */
  publicUploads: PublicUploadsService;
  stores: {
    session: ReturnType<typeof createSessionStore>;
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
}
