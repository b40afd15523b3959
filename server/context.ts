export { createAppDeps, type AppDeps } from './app-deps';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from './config';
import { createAccountsService } from './domain/accounts/accounts.service';
import { createClaimsService } from './domain/claims/claims.service';
import { createMergeService } from './domain/merge/merge.service';
import { createOwnContributionsService } from './domain/own-contributions/own-contributions.service';
import { createFormsService } from './domain/forms/forms.service';
import { createAuthService, type SessionCheck } from './domain/auth/auth.service';
import type { RequestMeta } from './domain/shared/request-meta';
import { createStepUp } from './domain/auth/step-up';
import { createDocumentsService, type ConfirmationSource } from './domain/documents/documents.service';
import { CLAIM_CONFIRMATION_MESSAGE, MERGE_CONFIRMATION_MESSAGE } from './domain/documents/pdf/request-templates';
import { createCalculatorService } from './domain/calculator/calculator.service';
import { createInvestmentService } from './domain/investment/investment.service';
import { createLoaders } from './domain/loaders';
import { createLoginFlowService, type FlowSession } from './domain/login-flow/login-flow.service';
import { createPersonService } from './domain/person/person.service';
import { createProfileService } from './domain/profile/profile.service';
import { createMessagesService, currentBoardSeats, ownMailbox, type Mailbox } from './domain/messages/messages.service';
import { isoDateVienna } from '@contract/dates';
import { payloadTooLarge, rateLimited, sessionInvalid, sessionTimeout } from './domain/shared/errors';
import { createRateLimiter } from './domain/shared/rate-limit';
import { createClientLog, type ClientLogEntry } from './domain/client-log/client-log.service';
import { hashToken, isWellFormedToken } from './domain/auth/session-token';
import type { AppDeps } from './app-deps';

/**
 * The origin links in mails are built from: PUBLIC_ORIGIN, else `http://<listening address>:<port>` of the connection's
 * local side (HOST, or the socket's local address when HOST is a wildcard such as 0.0.0.0), which the client cannot
 * choose. `connection`: the request socket's `localAddress` and `localPort`.
 */
export function publicOriginFor(config: Config, connection: { localAddress?: string | undefined; localPort?: number | undefined }): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
  const wildcard = config.HOST === '0.0.0.0' || config.HOST === '::' || config.HOST === '[::]';
  let host = wildcard ? (connection.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '') : config.HOST;
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  const port = connection.localPort ?? config.PORT;
  return `http://${host}:${port}`;
}

/** Name of the session cookie: `__Host-` prefixed when the portal is served over HTTPS. */
export function sessionCookieName(config: Config): string {
  return isHttps(config) ? '__Host-mvbv_session' : 'mvbv_session';
}

function isHttps(config: Config): boolean {
  return config.PUBLIC_ORIGIN?.startsWith('https:') ?? false;
}

/** The value of cookie `name` in a Cookie request header; undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The per-request context that GraphQL resolvers and REST methods receive: tenant, clock, services bound to
 * fresh DataLoaders, the session, and the cookies to set on the answer.
 */
export function createRequestContext(
  deps: AppDeps,
  request: { headers: IncomingHttpHeaders; remoteAddress: string | undefined; localAddress?: string | undefined; localPort?: number | undefined },
) {
  const { config, tenant, clock } = deps;
  const cookieName = sessionCookieName(config);
  const sessionToken = readCookie(request.headers.cookie, cookieName);
  const userAgent = request.headers['user-agent'];
  const meta: RequestMeta = { ipAddress: request.remoteAddress ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
  const loaders = createLoaders(deps.stores);
  const stepUp = createStepUp({
    store: deps.stores.auth,
    clock,
    audit: deps.audit,
    meta,
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
    meta,
    sessionHash: async () => {
      const s = await session();
      return s.state === 'ACTIVE' ? s.tokenHash : null;
    },
    stepUp,
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
    requestMeta: meta,
  });
  const accounts = createAccountsService({ loaders, tenant });
  const person = createPersonService({ store: deps.stores.person, accounts, tenant, today: () => isoDateVienna(clock.now()) });
  const documents = createDocumentsService({
    loaders,
    store: deps.stores.documents,
    personStore: deps.stores.person,
    accounts,
    tenant,
    clock,
    logger: deps.logger,
  });
  const investment = createInvestmentService({ loaders, tenant, accounts });
  const messages = createMessagesService({ db: deps.db, store: deps.stores.messages, uploads: deps.uploads, accounts, tenant, clock });
  /**
   * Issues the PDF confirmation of an application (a severance claim or a merge request; archived, decision 0018) and
   * delivers it to the member's inbox as an unread message of the Vorsorgekasse with `message`'s subject and text.
   * Called inside the application's write transaction; throws when no confirmation can be made, so the application
   * is not stored either (issue 15 items 5 and 7).
   */
  async function confirmApplication(personId: number, source: ConfirmationSource, message: { subject: string; body: string }): Promise<void> {
    const pdf = await documents.issueConfirmation(personId, source);
    if (!pdf) throw new Error(`${source.table} ${source.id}: no confirmation could be issued`);
    await messages.deliver(personId, {
      counterpart: 'SEVERANCE_FUND',
      ...message,
      attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes }],
    });
  }
  const claims = createClaimsService({
    db: deps.db,
    uploads: deps.uploads,
    loaders,
    clock,
    tenant,
    store: deps.stores.claims,
    stepUp,
    sessionHash: async () => {
      const s = await session();
      return s.state === 'ACTIVE' ? s.tokenHash : null;
    },
    cashOrderCostCents: config.CASH_ORDER_COST_CENTS,
    confirm: (personId, claimId) => confirmApplication(personId, { table: 'severance_claims', id: claimId }, CLAIM_CONFIRMATION_MESSAGE),
  });
  const merge = createMergeService({
    db: deps.db,
    uploads: deps.uploads,
    loaders,
    personStore: deps.stores.person,
    claimsStore: deps.stores.claims,
    store: deps.stores.merge,
    clock,
    confirm: (personId, requestId) => confirmApplication(personId, { table: 'merge_requests', id: requestId }, MERGE_CONFIRMATION_MESSAGE),
  });
  const ownContributions = createOwnContributionsService({
    store: deps.stores.ownContributions,
    accounts,
    documents,
    stepUp,
    clock,
    tenant,
    sessionHash: async () => {
      const s = await session();
      return s.state === 'ACTIVE' ? s.tokenHash : null;
    },
    creditorId: config.SEPA_CREDITOR_ID,
    premiumRateBp: config.PREMIUM_RATE_BP,
  });
  const forms = createFormsService({
    db: deps.db,
    messagesStore: deps.stores.messages,
    messages,
    uploads: deps.uploads,
    accounts,
    personStore: deps.stores.person,
    idempotency: deps.idempotency,
    stepUp,
    sessionHash: async () => {
      const s = await session();
      return s.state === 'ACTIVE' ? s.tokenHash : null;
    },
    tenant,
    clock,
  });
  const calculator = createCalculatorService({ loaders, accounts, personStore: deps.stores.person, tenant, clock });
  const clientLog = createClientLog({
    limiter: createRateLimiter({ store: deps.stores.rateLimit, clock }),
    logger: deps.logger,
    settings: { maxCallBytes: config.LOG_MAX_CALL_BYTES, ipMaxPerMinute: config.LOG_IP_MAX_PER_MINUTE, sessionMaxPerMinute: config.LOG_SESSION_MAX_PER_MINUTE },
  });
  /** Set-Cookie header values for the answer. */
  const setCookies: string[] = [];
  let checked: Promise<SessionCheck> | undefined;
  let resolvedMailbox: Promise<Mailbox> | undefined;

  /** The session check of this request (done once, touching the session). */
  function session(): Promise<SessionCheck> {
    checked ??= auth.checkSession(sessionToken, { touch: true });
    return checked;
  }

  /**
   * Person id of a fully logged-in session. Throws SESSION_INVALID (no, unknown or ended session, or a login
   * still PENDING a flow step) or SESSION_TIMEOUT.
   */
  async function requirePersonId(): Promise<number> {
    const s = await session();
    if (s.state === 'ACTIVE' && s.stage === 'ACTIVE') return s.personId;
    await deps.audit.record('ACCESS_DENIED', s.state === 'ACTIVE' ? s.personId : null, meta, { reason: s.state === 'ACTIVE' ? 'LOGIN_PENDING' : s.state });
    throw s.state === 'TIMEOUT' ? sessionTimeout() : sessionInvalid(s.state === 'INVALID' ? s.endedBy : undefined);
  }

  const cookieAttributes = `Path=/; HttpOnly; SameSite=Strict${isHttps(config) ? '; Secure' : ''}`;

  return {
    deps,
    tenant,
    clock,
    config,
    logger: deps.logger,
    meta,
    loaders,
    services: { auth, stepUp, accounts, person, loginFlow, documents, investment, claims, merge, ownContributions, profile, clientLog, calculator, messages, forms },
    sessionToken,
    setCookies,
    session,
    /** Person id of a fully logged-in session (see the function above). */
    requirePersonId,
    /**
     * The mailbox of this request (spec 000 section 4 "mailbox type"): a contact person who chose ASP with a duty at
     * login sees and writes the duty's customer's messages; AWB_LB (or ASP without a duty of theirs) their own. Acting
     * as themselves, a person with a current supervisory-board seat also reaches their supervisory-board inbox
     * (`board`; decision 0026). Throws like `requirePersonId`.
     */
    mailbox(): Promise<Mailbox> {
      // Once per request: the dashboard asks for it in two fields (its board-seat read was made twice).
      resolvedMailbox ??= (async () => {
        const personId = await requirePersonId();
        const s = await session();
        if (s.state === 'ACTIVE' && s.mailboxType === 'ASP' && s.selectedDutyId !== null) {
          const duty = (await loginFlow.duties(personId)).find((d) => d.id === s.selectedDutyId);
          if (duty) return { personId, customer: duty.customerDesignation };
        }
        return { ...ownMailbox(personId), board: (await messages.boardSeats(personId)).length > 0 };
      })();
      return resolvedMailbox;
    },
    /** The session of a login-flow call: PENDING (a step is open) or ACTIVE. Throws like `requirePersonId`. */
    async requireFlowSession(): Promise<FlowSession> {
      const s = await session();
      if (s.state === 'ACTIVE') return { personId: s.personId, tokenHash: s.tokenHash, stage: s.stage };
      await deps.audit.record('ACCESS_DENIED', null, meta, { reason: s.state });
      throw s.state === 'TIMEOUT' ? sessionTimeout() : sessionInvalid(s.state === 'INVALID' ? s.endedBy : undefined);
    },
    /**
     * Origin for links in mails and letters (`https://portal.example.at`, no trailing slash): PUBLIC_ORIGIN, else (only
     * outside production, where the configuration requires PUBLIC_ORIGIN) the address this server listens on. Never
     * the request's `Host` or `X-Forwarded-Host` header: a client chooses those, and a link built from them would carry
     * a reset or confirmation token to a host of the client's choosing.
     */
    publicOrigin(): string {
      return publicOriginFor(config, request);
    },
    /**
     * Writes a remote log call (REST and GraphQL `log`) under the rate limits of server/domain/client-log. The session
     * is identified by its cookie alone (not looked up, so logging never extends a session).
     * @throws DomainError RATE_LIMITED (429, Retry-After) or PAYLOAD_TOO_LARGE (413).
     */
    async writeClientLog(entry: ClientLogEntry): Promise<void> {
      const sessionHash = sessionToken && isWellFormedToken(sessionToken) ? hashToken(sessionToken) : null;
      const outcome = await clientLog.write(entry, { ipAddress: meta.ipAddress, sessionHash });
      if (outcome.status === 'RATE_LIMITED') throw rateLimited(outcome.retryAfterSeconds);
      if (outcome.status === 'TOO_LARGE') throw payloadTooLarge();
    },
    setSessionCookie(token: string): void {
      setCookies.push(`${cookieName}=${token}; ${cookieAttributes}`);
    },
    clearSessionCookie(): void {
      setCookies.push(`${cookieName}=; ${cookieAttributes}; Max-Age=0`);
    },
  };
}

export type RequestContext = ReturnType<typeof createRequestContext>;
/** The GraphQL context is the request context (codegen's `contextType`). */
export type GraphQLContext = RequestContext;
