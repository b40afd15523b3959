/**
 * The use cases of the portal, built once per process (decision 0036): `createAppDeps` calls
 * `createServices` after the stores, and every request reaches the same service objects through `deps.services`.
 * A service keeps nothing of a request: what it needs of one (DataLoaders, the session, metadata for the audit log)
 * it takes as its first argument, the `RequestScope` that server/platform/request-context.ts builds per request. Steps across services
 * (an application's confirmation in documents and inbox) live here too, not in a transport.
 */
import { createAccountsService } from './modules/accounts/accounts.service';
import { createApplicationsService } from './modules/applications/applications.service';
import { createStepUp, type StepUp } from './modules/session/step-up';
import { createCalculatorService } from './modules/calculator/calculator.service';
import { createClaimsService } from './modules/claims/claims.service';
import { createClaimStatusService } from './modules/claims/claims.status';
import { createDocumentsService } from './modules/documents/documents.service';
import { createFormsService } from './modules/forms/forms.service';
import { createInvestmentService } from './modules/investment/investment.service';
import { createMergeService } from './modules/merge/merge.service';
import { createMessagesService, currentBoardSeats } from './modules/messages/messages.service';
import { createOwnContributionsService } from './modules/own-contributions/own-contributions.service';
import { createPersonService } from './modules/person/person.service';
import { createDataExportService } from './modules/data-export/data-export.service';
import { createDataExportStore } from './modules/data-export/data-export.store';
import { DATA_EXPORT_JOB } from './modules/data-export/data-export.rules';
import { createLoaders } from './platform/loaders';
import type { RequestScope } from './platform/shared/request-scope';
import { isoDateVienna } from '@contract/dates';
import { createSessionService } from './modules/session/session.service';
import { createDevicesService } from './modules/devices/devices.service';
import { createDevicesStore } from './modules/devices/devices.store';
import { createPasskeyService } from './modules/passkeys/passkeys.service';
import { createPasskeyStore } from './modules/passkeys/passkeys.store';
import { createClientLog } from './modules/client-log/client-log.service';
import { createLoginFlowService } from './modules/login-flow/login-flow.service';
import { createProfileService } from './modules/profile/profile.service';
import { createRegistrationService } from './modules/registration/registration.service';
import { createRegistrationStore } from './modules/registration/registration.store';
import { createRateLimiter } from './platform/shared/rate-limit';
import type { ProcessDeps } from './process-deps';

/** Every service of the process, built once; `ctx.services` of each request are these objects. */
export function createServices(deps: ProcessDeps) {
  const member = createMemberServices(deps);
  return { ...member, ...createAccessServices(deps, member.stepUp) };
}

/**
 * The services of the member's data and applications: accounts and person, documents, investment, inbox and forms,
 * severance claims and merges, own contributions, the calculator, and the step-up check they share with the access
 * services.
 */
function createMemberServices(deps: ProcessDeps) {
  const { db, config, tenant, clock, logger, stores, uploads } = deps;
  const stepUp = createStepUp({
    store: stores.session,
    clock,
    audit: deps.audit,
    lockout: { threshold: deps.authSettings.lockoutThreshold, ms: deps.authSettings.lockoutMs },
  });
  const accounts = createAccountsService({ tenant });
  const person = createPersonService({ store: stores.person, accounts, tenant, today: () => isoDateVienna(clock.now()) });
  const documents = createDocumentsService({ store: stores.documents, personStore: stores.person, accounts, tenant, clock, logger, cacheBytes: config.DOCUMENT_CACHE_BYTES });
  const investment = createInvestmentService({ tenant, accounts });
  const limiter = createRateLimiter({ store: stores.rateLimit, clock });
  const messages = createMessagesService({
    db,
    store: stores.messages,
    uploads,
    accounts,
    tenant,
    clock,
    limiter,
    maxPerHour: config.MESSAGE_MAX_PER_HOUR,
    events: deps.events,
    // The member's answer to an information request moves the claim back to CHECKING (decision 0056).
    memberAnswered: (personId, messageId) => claimStatus.memberAnswered(personId, messageId),
  });
  const applications = createApplicationsService({ documents, messages });
  const claims = createClaimsService({
    db,
    uploads,
    clock,
    tenant,
    store: stores.claims,
    stepUp,
    cashOrderCostCents: config.CASH_ORDER_COST_CENTS,
    confirm: applications.confirmClaim,
    events: deps.events,
  });
  // The fund's status changes of claims (decision 0056): its API now, the staff workbench later.
  const claimStatus = createClaimStatusService({ db, store: stores.claims, messages, mailer: deps.mailer, events: deps.events, clock });
  const merge = createMergeService({
    db,
    uploads,
    personStore: stores.person,
    claimsStore: stores.claims,
    store: stores.merge,
    clock,
    tenant,
    confirm: applications.confirmMerge,
    events: deps.events,
  });
  const ownContributions = createOwnContributionsService({
    store: stores.ownContributions,
    accounts,
    documents,
    stepUp,
    clock,
    tenant,
    creditorId: config.SEPA_CREDITOR_ID,
    preNotificationDays: config.SEPA_PRE_NOTIFICATION_DAYS,
    preNotification: { db, store: stores.ownContributions, messages, mailer: deps.mailer, noticeDays: config.SEPA_PRE_NOTIFICATION_DAYS },
    premiumRateBp: config.PREMIUM_RATE_BP,
    events: deps.events,
  });
  const forms = createFormsService({
    db,
    messagesStore: stores.messages,
    messages,
    uploads,
    accounts,
    personStore: stores.person,
    idempotency: deps.idempotency,
    stepUp,
    tenant,
    clock,
    events: deps.events,
  });
  const calculator = createCalculatorService({ accounts, personStore: stores.person, tenant, clock });
  const dataExport = createDataExportService({
    store: createDataExportStore(db),
    personStore: stores.person,
    stepUp,
    mailer: deps.mailer,
    tenant,
    clock,
    logger,
    dir: config.DATA_EXPORT_DIR,
    async documentPdf(personId, documentId) {
      // The job has no request: a scope of its own, without session, for the documents service's reads.
      await documents.archive(backgroundScope(deps), personId, documentId);
      return stores.documents.fileContent(documentId);
    },
    wakeJob: () => deps.scheduler.wake(DATA_EXPORT_JOB),
  });
  return { stepUp, accounts, person, documents, investment, messages, claims, merge, ownContributions, forms, calculator, dataExport, claimStatus };
}

/** The scope of work done outside a request (a scheduled job): fresh DataLoaders, no session, no client. */
function backgroundScope(deps: ProcessDeps): RequestScope {
  const loaders = createLoaders(deps.stores);
  return {
    meta: { ipAddress: null, userAgent: null },
    loaders,
    session: async () => ({ state: 'NONE' }),
    sessionHash: async () => null,
    publicOrigin: () => deps.config.PUBLIC_ORIGIN ?? '',
  };
}

/** The process's services (`AppDeps.services`). */
export type Services = ReturnType<typeof createServices>;

/**
 * The services of logging in and of the member's access: login and session checks (`auth`), the signed-in devices
 * with the new-browser notice after a login (`devices`, decision 0048), the login flow
 * (`loginFlow`), the profile settings (`profile`), registration with password lost / reset / change
 * (`registration`) and the remote log (`clientLog`). Cross-service steps are wired here, once: the login flow logs
 * preference changes through the profile's change log, auth asks the login flow for the next status, and the
 * registration service advances the login flow itself after a step of the flow (new password, e-mail update).
 */
function createAccessServices(deps: ProcessDeps, stepUp: StepUp) {
  const { config, tenant, clock } = deps;
  const profile = createProfileService({
    store: deps.stores.profile,
    personStore: deps.stores.person,
    mailer: deps.mailer,
    audit: deps.audit,
    tenant,
    clock,
    logger: deps.logger,
    stepUp,
    events: deps.events,
  });
  const loginFlow = createLoginFlowService({
    store: deps.stores.loginFlow,
    authStore: deps.stores.session,
    personStore: deps.stores.person,
    clock,
    tenant,
    maintenance: deps.authSettings.maintenance,
    recordChanges: profile.recordChanges,
    hasBoardSeat: async (personId) => (await currentBoardSeats(deps.stores.messages, tenant, personId, isoDateVienna(clock.now()))).length > 0,
  });
  const devices = createDevicesService({
    store: createDevicesStore(deps.db),
    personStore: deps.stores.person,
    mailer: deps.mailer,
    audit: deps.audit,
    tenant,
    clock,
    timeoutOf: (row, now) => session.timeoutOf(row, now),
  });
  const session = createSessionService({
    store: deps.stores.session,
    clock,
    tenant,
    settings: deps.authSettings,
    loginStateOf: loginFlow.loginStateOf,
    audit: deps.audit,
    onSessionOpened: devices.noticeIfNewBrowser,
  });
  const passkeys = createPasskeyService({
    store: createPasskeyStore(deps.db),
    auth: session,
    stepUp,
    limiter: createRateLimiter({ store: deps.stores.rateLimit, clock }),
    loginIpMaxPerMinute: config.PASSKEY_LOGIN_IP_MAX_PER_MINUTE,
    audit: deps.audit,
    clock,
    tenant,
    personName: async (personId) => {
      const p = await deps.stores.person.findById(personId);
      return p ? { email: p.email, displayName: `${p.firstName} ${p.lastName}` } : undefined;
    },
  });
  const registration = createRegistrationService({
    store: createRegistrationStore(deps.db),
    mailer: deps.mailer,
    audit: deps.audit,
    clock,
    tenant,
    config,
    maintenance: deps.authSettings.maintenance,
    logger: deps.logger,
    stepUp,
    loginFlow,
    events: deps.events,
  });
  const clientLog = createClientLog({
    limiter: createRateLimiter({ store: deps.stores.rateLimit, clock }),
    logger: deps.logger,
    settings: { maxCallBytes: config.LOG_MAX_CALL_BYTES, ipMaxPerMinute: config.LOG_IP_MAX_PER_MINUTE, sessionMaxPerMinute: config.LOG_SESSION_MAX_PER_MINUTE },
  });
  return { session, devices, passkeys, loginFlow, profile, registration, clientLog };
}
