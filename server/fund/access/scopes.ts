import { GraphQLError } from 'graphql';

/**
 * The scopes of the fund's API (decision 0050): what a machine client of the fund's core system — and later a staff
 * member of the fund's workbench, by role — may read or change through `/fund/graphql`. Scope tokens as RFC 6749
 * section 3.3: space-separated, case-sensitive.
 */
export const FUND_SCOPES = [
  'members:read',
  'members:write',
  'claims:read',
  'claims:write',
  'messages:read',
  'messages:write',
  'documents:write',
  'mandates:read',
  'mandates:write',
  'forms:read',
  'uploads:read',
  'events:read',
  'bank:write',
] as const;

/**
 * Scopes only a staff role holds and no machine client may be granted (decision 0059): `staff:admin` manages the
 * workbench's staff accounts (ADMIN); `work:assign` takes and releases items of the queues (CLERK, SUPERVISOR;
 * decision 0058). `parseScopes` treats them as unknown, so a client with one cannot be created.
 */
export const STAFF_ONLY_SCOPES = ['staff:admin', 'work:assign'] as const;

export type FundScope = (typeof FUND_SCOPES)[number] | (typeof STAFF_ONLY_SCOPES)[number];

/** True for a scope an operation may require: one of FUND_SCOPES or STAFF_ONLY_SCOPES. */
export function isFundScope(value: string): value is FundScope {
  return (FUND_SCOPES as readonly string[]).includes(value) || (STAFF_ONLY_SCOPES as readonly string[]).includes(value);
}

/** True for a scope a machine client may be granted (FUND_SCOPES, never a staff-only one). */
function isClientScope(value: string): value is (typeof FUND_SCOPES)[number] {
  return (FUND_SCOPES as readonly string[]).includes(value);
}

/**
 * The scopes of a space-separated scope string (RFC 6749 section 3.3), each once, in FUND_SCOPES order; `unknown` lists
 * the tokens that are no fund scope (the caller refuses them). An empty or blank string gives no scopes.
 */
export function parseScopes(text: string): { scopes: FundScope[]; unknown: string[] } {
  const tokens = new Set(text.split(' ').filter((t) => t !== ''));
  return { scopes: FUND_SCOPES.filter((s) => tokens.has(s)), unknown: [...tokens].filter((t) => !isClientScope(t)) };
}

/**
 * Who calls the fund's API: a machine client with the scopes its access token grants (RFC 9068 `client_id`, `scope`),
 * or a staff person of the workbench with the scopes of the role (server/fund/staff/roles.ts, decision 0054). The
 * `@scope` check looks only at `scopes`, never at the kind, so both share every operation; only the four-eyes rule
 * asks who the person is.
 */
export type FundPrincipal =
  | { kind: 'client'; clientId: string; scopes: ReadonlySet<FundScope> }
  | { kind: 'staff'; staffId: number; role: 'CLERK' | 'SUPERVISOR' | 'AUDITOR' | 'ADMIN'; name: string; scopes: ReadonlySet<FundScope> };

/** True when `principal` holds `scope`. */
export function hasScope(principal: FundPrincipal, scope: FundScope): boolean {
  return principal.scopes.has(scope);
}

/**
 * The actor of a principal's changes in the event feed and the services (decision 0053): `client:<clientId>` or
 * `staff:<staffId>` with the person's role, which the four-eyes step asks for (decision 0054).
 */
export function principalActor(
  principal: FundPrincipal,
): { kind: 'client'; clientId: string } | { kind: 'staff'; staffId: string; role: Extract<FundPrincipal, { kind: 'staff' }>['role'] } {
  return principal.kind === 'client' ? { kind: 'client', clientId: principal.clientId } : { kind: 'staff', staffId: String(principal.staffId), role: principal.role };
}

/** The principal's name in short-lived links bound to their reader (`client:<id>` or `staff:<id>`). */
export function principalKey(principal: FundPrincipal): string {
  const actor = principalActor(principal);
  return actor.kind === 'client' ? actor.clientId : `staff:${actor.staffId}`;
}

/** A missing scope: the error that answers 403 (RFC 6750 section 3.1 `insufficient_scope`). */
export function insufficientScope(scope: FundScope): GraphQLError {
  return new GraphQLError(`This operation needs the scope ${scope}.`, {
    extensions: {
      code: 'FORBIDDEN',
      scope,
      http: { status: 403, headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` } },
    },
  });
}
