import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config';
import type { SessionCheck } from '../modules/session/session-check';
import type { RequestMeta } from './shared/request-meta';
import type { RequestScope } from './shared/request-scope';
import { createLoaders, type Loaders } from './loaders';
import type { FlowSession } from '../modules/login-flow/login-flow.service';
import { ownMailbox, type Mailbox } from '../modules/messages/messages.service';
import type { AppDeps } from './deps';

/** The supervisory-board seats of a person as the messages service answers them. */
type BoardSeats = Awaited<ReturnType<AppDeps['services']['messages']['boardSeats']>>;

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

/** What the HTTP server knows of a request: its headers and the connection's addresses. */
export interface RequestSource {
  headers: IncomingHttpHeaders;
  remoteAddress: string | undefined;
  localAddress?: string | undefined;
  localPort?: number | undefined;
}

/**
 * The request's scope and session token, the part of the request context every door needs (the download route takes
 * only this, server/http/download.ts): meta, the session check (once per request, touching the session) and the
 * origin for links. The DataLoaders are made on the first use of `scope.loaders`, so a request that reads through
 * none (a download, a session check) does not build them.
 */
export function createRequestScope(deps: AppDeps, request: RequestSource): { scope: RequestScope; sessionToken: string | undefined } {
  const { config } = deps;
  const sessionToken = readCookie(request.headers.cookie, sessionCookieName(config));
  const userAgent = request.headers['user-agent'];
  const meta: RequestMeta = { ipAddress: request.remoteAddress ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
  const sessions = deps.services.session;
  let loaders: Loaders | undefined;
  let checked: Promise<SessionCheck> | undefined;
  const scope: RequestScope = {
    meta,
    get loaders() {
      return (loaders ??= createLoaders(deps.stores));
    },
    session: () => (checked ??= sessions.checkSession(scope, sessionToken, { touch: true })),
    async sessionHash() {
      const s = await scope.session();
      return s.state === 'ACTIVE' ? s.tokenHash : null;
    },
    // PUBLIC_ORIGIN, else (only outside production, where the configuration requires PUBLIC_ORIGIN) the address this
    // server listens on. Never the request's `Host` or `X-Forwarded-Host` header: a client chooses those, and a link
    // built from them would carry a reset or confirmation token to a host of the client's choosing.
    publicOrigin: () => publicOriginFor(config, request),
  };
  return { scope, sessionToken };
}

/**
 * The per-request context that GraphQL resolvers and REST methods receive: tenant, clock, the request's scope
 * (`scope`: meta, fresh DataLoaders, the session checked once, the origin for links; decision 0036), the services
 * (`services`: those built once per process, `deps.services`, take the scope as their first argument), and the
 * cookies to set on the answer. `base`: the request's scope when the caller made it already (the download route).
 */
export function createRequestContext(deps: AppDeps, request: RequestSource, base: ReturnType<typeof createRequestScope> = createRequestScope(deps, request)) {
  const { config, tenant, clock } = deps;
  const cookieName = sessionCookieName(config);
  const { scope, sessionToken } = base;
  const { session: sessions, loginFlow } = deps.services;
  /** The session check of this request (done once, touching the session). */
  const session = (): Promise<SessionCheck> => scope.session();
  const { messages } = deps.services;
  /** Set-Cookie header values for the answer. */
  const setCookies: string[] = [];
  /** Person id of a fully logged-in session (`SessionService.requirePersonId`: SESSION_INVALID or SESSION_TIMEOUT otherwise). */
  const requirePersonId = (): Promise<number> => sessions.requirePersonId(scope);
  let resolvedMailbox: Promise<Mailbox> | undefined;
  let resolvedBoardSeats: Promise<BoardSeats> | undefined;
  /** The session's person's current supervisory-board seats, read once per request (the mailbox and the seats field both need them). */
  const boardSeats = (): Promise<BoardSeats> => (resolvedBoardSeats ??= requirePersonId().then((personId) => messages.boardSeats(personId)));

  const cookieAttributes = `Path=/; HttpOnly; SameSite=Strict${isHttps(config) ? '; Secure' : ''}`;

  return {
    deps,
    tenant,
    clock,
    config,
    logger: deps.logger,
    /** What the services learn about this request (meta, loaders, session; server/platform/shared/request-scope.ts): their first argument. */
    scope,
    /** The process's services, built once (`deps.services`, server/services.ts); each takes `scope` where it needs the request. */
    services: deps.services,
    sessionToken,
    setCookies,
    session,
    /** Person id of a fully logged-in session (see the function above). */
    requirePersonId,
    /**
     * The current supervisory-board seats of the session's person (`MessagesService.boardSeats`: spec 001 sections 1
     * and 6, decision 0026), read once per request. Throws like `requirePersonId`.
     */
    boardSeats,
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
        return { ...ownMailbox(personId), board: (await boardSeats()).length > 0 };
      })();
      return resolvedMailbox;
    },
    /** The session of a login-flow call (`SessionService.requireFlowSession`): PENDING or ACTIVE. Throws like `requirePersonId`. */
    requireFlowSession: (): Promise<FlowSession> => sessions.requireFlowSession(scope),
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
