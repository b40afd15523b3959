import type { RequestContext } from '../../context';
import { createRegistrationService } from './registration.service';
import { createRegistrationStore } from './registration.store';

/** The registration service for one request (GraphQL and REST): process-wide mailer and audit, the request's origin and meta. */
export function registrationFor(ctx: RequestContext) {
  return createRegistrationService({
    store: createRegistrationStore(ctx.deps.db),
    mailer: ctx.deps.mailer,
    audit: ctx.deps.audit,
    clock: ctx.clock,
    tenant: ctx.tenant,
    config: ctx.config,
    maintenance: ctx.deps.authSettings.maintenance,
    logger: ctx.logger,
    meta: ctx.meta,
    origin: () => ctx.publicOrigin(),
    stepUp: ctx.services.stepUp,
  });
}
