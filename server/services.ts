/**
 * The domain services, built once per process (issue 12 item 4, decision 0036): `createAppDeps` calls
 * `createServices` at its end and exposes the result as `deps.services`; the request context hands them on as
 * `ctx.services`. A service holds only process-wide things (stores, clock, mailer, audit, settings); what belongs to
 * one request (session, DataLoaders, IP address and user agent, the origin for links) comes with each call as the
 * `RequestScope` (server/domain/shared/request-scope.ts), built once per request by server/context.ts.
 */
import { isoDateVienna } from '@contract/dates';
import { createAuthService } from './domain/auth/auth.service';
import { createStepUp } from './domain/auth/step-up';
import { createClientLog } from './domain/client-log/client-log.service';
import { createLoginFlowService } from './domain/login-flow/login-flow.service';
import { currentBoardSeats } from './domain/messages/messages.service';
import { createProfileService } from './domain/profile/profile.service';
import { createRegistrationService } from './domain/registration/registration.service';
import { createRegistrationStore } from './domain/registration/registration.store';
import { createRateLimiter } from './domain/shared/rate-limit';
import type { RequestScope } from './domain/shared/request-scope';
import type { ProcessDeps } from './process-deps';

/** Every service of the process (the access services below; the member-data services join them here). */
export function createServices(deps: ProcessDeps) {
  return { ...createAccessServices(deps) };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The services of logging in and of the member's access: login and session checks (`auth`), the login flow
 * (`loginFlow`), the profile settings (`profile`), registration with password lost / reset / change
 * (`registration`) and the remote log (`clientLog`). Cross-service steps are wired here, once: the login flow logs
 * preference changes through the profile's change log, auth asks the login flow for the next status, and the
 * registration service advances the login flow itself after a step of the flow (new password, e-mail update).
 */
function createAccessServices(deps: ProcessDeps) {
  const { config, tenant, clock } = deps;
  /** The step-up check with the request's meta for its security events (server/domain/auth/step-up.ts). */
  const stepUpFor = (scope: RequestScope) =>
    createStepUp({
      store: deps.stores.auth,
      clock,
      audit: deps.audit,
      meta: scope.meta,
      lockout: { threshold: deps.authSettings.lockoutThreshold, ms: deps.authSettings.lockoutMs },
    });
  const profile = createProfileService({
    store: deps.stores.profile,
    personStore: deps.stores.person,
    mailer: deps.mailer,
    audit: deps.audit,
    tenant,
    clock,
    logger: deps.logger,
    stepUpFor,
  });
  const loginFlow = createLoginFlowService({
    store: deps.stores.loginFlow,
    authStore: deps.stores.auth,
    personStore: deps.stores.person,
    clock,
    tenant,
    maintenance: deps.authSettings.maintenance,
    recordChanges: profile.recordChanges,
    hasBoardSeat: async (personId) => (await currentBoardSeats(deps.stores.messages, tenant, personId, isoDateVienna(clock.now()))).length > 0,
  });
  const auth = createAuthService({
    store: deps.stores.auth,
    clock,
    tenant,
    settings: deps.authSettings,
    loginStateOf: loginFlow.loginStateOf,
    audit: deps.audit,
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
    stepUpFor,
    loginFlow,
  });
  const clientLog = createClientLog({
    limiter: createRateLimiter({ store: deps.stores.rateLimit, clock }),
    logger: deps.logger,
    settings: { maxCallBytes: config.LOG_MAX_CALL_BYTES, ipMaxPerMinute: config.LOG_IP_MAX_PER_MINUTE, sessionMaxPerMinute: config.LOG_SESSION_MAX_PER_MINUTE },
  });
  return { auth, loginFlow, profile, registration, clientLog };
}
