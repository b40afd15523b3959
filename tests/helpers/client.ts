import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { graphql } from '../gql';
import type { LoginMutation } from '../gql/graphql';
// The shared fragments (`...ErrorCodeFields` and the others) that the suites' documents spread.
import './fragments';

/** The printed text of each typed document, printed once. */
const printed = new WeakMap<object, string>();

/**
 * `value` without the `__typename` fields at any depth: codegen adds them to every selection of the web's documents
 * (codegen.ts, `addTypenameSelectionDocumentTransform`) and declares them optional, so the answer keeps its type.
 */
function withoutTypenames<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutTypenames) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '__typename')
      .map(([key, v]) => [key, withoutTypenames(v)]),
  ) as T;
}

/** The answer of a GraphQL call: HTTP status, the body (`data` typed by the operation, GraphQL `errors`) and headers. */
export interface GraphQLAnswer<T> {
  status: number;
  body: { data?: T; errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[] };
  headers: Headers;
}

/**
 * A minimal HTTP client for the API tests: real fetch over TCP, with one cookie jar per client so that a test
 * can hold several members' sessions at once.
 */
export class PortalClient {
  cookies = new Map<string, string>();
  /** Set to send requests as a foreign page would: without the version-marker header. */
  omitVersionHeader = false;

  constructor(readonly baseUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    // The portal's version marker (spec 000 section 7); the server's CSRF guard expects it on every POST.
    if (!headers.has('x-application-version') && !this.omitVersionHeader) headers.set('x-application-version', 'Portal');
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await fetch(this.baseUrl + path, { ...init, headers });
    this.remember(res);
    return res;
  }

  /**
   * Sends a codegen-typed operation (`graphql(\`…\`)` from tests/gql, or the web's own document from
   * web/src/features/<feature>/api) as POST /graphql and answers its typed result: `body.data` has the operation's
   * selection type, `variables` its variables type. The `__typename` fields the web's documents select for Apollo's
   * cache are left out of `body.data`, as the web's pages leave them out of the inputs they send back.
   */
  async operation<T, V extends Record<string, unknown>>(
    document: TypedDocumentNode<T, V>,
    ...[variables]: Record<string, never> extends V ? [variables?: V] : [variables: V]
  ): Promise<GraphQLAnswer<T>> {
    let query = printed.get(document);
    if (query === undefined) {
      query = print(document);
      printed.set(document, query);
    }
    const answer = await this.graphql<T>(query, variables);
    if (answer.body.data !== undefined) answer.body.data = withoutTypenames(answer.body.data);
    return answer;
  }

  /**
   * POST /graphql with a document as text (an operation the schema may refuse: hostile and malformed inputs); typed
   * operations go through `operation`. Returns status and parsed body.
   */
  async graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
    const res = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-application-version': 'Portal' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as GraphQLAnswer<T>['body'];
    return { status: res.status, body, headers: res.headers };
  }

  /** POST /rest/{method} with a form-urlencoded body (the spec's login format) or none. */
  async rest(method: string, form?: Record<string, string>) {
    const res = await this.fetch(`/rest/${method}`, {
      method: 'POST',
      headers: form ? { 'content-type': 'application/x-www-form-urlencoded', 'x-application-version': 'Portal' } : { 'x-application-version': 'Portal' },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json: json as Record<string, unknown> | null, text, headers: res.headers };
  }
}

export const DEMO_PASSWORD = 'Pensionskasse#2026';

/**
 * GraphQL `login` with its whole `LoginResult` (decision 0029) as the login form reads it (`LoginAnswer` of
 * web/src/features/session/api/log-in.ts), variables `email`, `password` and optional `entryViaQrCode`:
 * `ok { status loggedIn }` for a session-opening or flow status, `error` for a refusal.
 */
export const LOGIN = graphql(`
  mutation Login($email: String!, $password: String!, $entryViaQrCode: Boolean) {
    login(input: { email: $email, password: $password, entryViaQrCode: $entryViaQrCode }) {
      ...LoginAnswer
    }
  }
`);

/**
 * GraphQL `login` answering only where the flow stands, for the suites that compare the answer to the letter:
 * variables `e` (e-mail), `p` (password) and optional `qr` (`entryViaQrCode`); `ok { status loggedIn }` or
 * `error { code }`.
 */
export const LOGIN_STATUS = graphql(`
  mutation LoginStatus($e: String!, $p: String!, $qr: Boolean) {
    login(input: { email: $e, password: $p, entryViaQrCode: $qr }) {
      ...LoginStatusFields
    }
  }
`);

/** The `LoginResult` of `login` as `LOGIN` selects it (generated from the document). */
export type LoginAnswer = LoginMutation['login'];

/** The spec's status name a `LoginResult` answers: `ok.status`, or the refusal's `error.code`. */
export function loginStatusOf(answer: { ok?: { status: string } | null; error?: { code: string } | null } | null | undefined): string | undefined {
  return answer?.ok?.status ?? answer?.error?.code;
}

/**
 * Sends `login` on `client` (its cookie jar takes the session) and returns the `LoginResult`; throws when the call
 * itself fails (a GraphQL error, not a refusal).
 */
export async function logIn(client: PortalClient, email: string, password = DEMO_PASSWORD, options: { entryViaQrCode?: boolean } = {}): Promise<LoginAnswer> {
  const res = await client.operation(LOGIN, { email, password, entryViaQrCode: options.entryViaQrCode ?? false });
  if (!res.body.data) throw new Error(`login of ${email} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.login;
}

/** A client logged in as the demo persona `email` through GraphQL `login` (fails the test when the login does not complete). */
export async function loginMember(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<PortalClient> {
  const client = new PortalClient(baseUrl);
  const answer = await logIn(client, email, password);
  if (answer.ok?.loggedIn !== true) throw new Error(`login of ${email} did not complete: ${JSON.stringify(answer)}`);
  return client;
}
