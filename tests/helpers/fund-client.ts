import { createFundAccessStore } from '../../server/fund/access/fund-access.store';
import { createFundTokens } from '../../server/fund/access/fund-tokens';
import type { TestServer } from './test-server';

/** What the fund's endpoint answered: HTTP status, headers and the parsed JSON body. */
export interface FundAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: { data?: T | null; errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[] };
}

/** A machine client of the fund's core system as an integrator uses it: its id, its token, and a GraphQL call. */
export interface FundTestClient {
  clientId: string;
  clientSecret: string;
  token: string;
  /** POSTs one operation to /fund/graphql with the bearer token (or `token`), as a standard GraphQL client does. */
  query<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, token?: string): Promise<FundAnswer<T>>;
}

/**
 * Creates a fund client with `scopes` (space-separated, decision 0050) in the test server's database, takes an
 * access token at POST /oauth/token with HTTP Basic, and returns a caller of POST /fund/graphql (decision 0053).
 */
export async function createFundTestClient(server: TestServer, scopes: string, name = 'Kernsystem'): Promise<FundTestClient> {
  const tokens = createFundTokens({ store: createFundAccessStore(server.db), clock: server.clock, origin: server.url });
  const { clientId, clientSecret } = await tokens.createClient(name, scopes);
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  return {
    clientId,
    clientSecret,
    token,
    async query<T>(query: string, variables: Record<string, unknown> = {}, bearer = token): Promise<FundAnswer<T>> {
      const answer = await fetch(`${server.url}/fund/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json', Authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ query, variables }),
      });
      const text = await answer.text();
      return { status: answer.status, headers: answer.headers, body: text ? (JSON.parse(text) as FundAnswer<T>['body']) : {} };
    },
  };
}
