import type { SessionCheck } from '../../modules/session/session-check';
import type { Loaders } from '../loaders';
import type { RequestMeta } from './request-meta';

/**
 * What a use case learns about the request it serves (decision 0036). The services are built once per
 * process (server/services.ts) and take the scope as their first argument; server/platform/request-context.ts builds one scope per
 * HTTP request, the same for GraphQL and REST. The clock is not part of it: it is a process dependency (one clock
 * per process, moved by the tests), and services read it from their dependencies.
 */
export interface RequestScope {
  /** Client IP address and user agent, for the audit log and the security events. */
  meta: RequestMeta;
  /** DataLoaders of this request only: batched reads, cached until the answer is sent (server/platform/loaders.ts). */
  loaders: Loaders;
  /** The request's session check, done once per request (and touching the session then). */
  session(): Promise<SessionCheck>;
  /** Token hash of the request's ACTIVE session, or null; step-up proofs and session-bound changes are tied to it. */
  sessionHash(): Promise<string | null>;
  /** Origin for links in mails and letters (`https://portal.example.at`, no trailing slash; see publicOriginFor). */
  publicOrigin(): string;
}
