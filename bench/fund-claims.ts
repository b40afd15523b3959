/**
 * The `fund-claims` variant of the bench (decision 0056): the fund's work list `claims(first: 100)` on
 * POST /fund/graphql with a bearer token, over 1,000 open severance claims seeded into the bench's database.
 */
import { writeTransaction, openDatabase } from '../db/client';
import { severanceClaims, vkAccounts } from '../db/schema';
import { createFundAccessStore } from '../server/fund/access/fund-access.store';
import { createFundTokens } from '../server/fund/access/fund-tokens';
import { systemClock } from '../server/platform/shared/clock';
import type { RequestShape } from './types';

/** The file in the bench's folder that keeps the fund client's credentials between seeding and measuring. */
export const FUND_CLAIMS_FILE = 'fund-client.json';
/** Open claims the bench seeds. */
export const BENCH_OPEN_CLAIMS = 1000;
/** The measured document: the first page of 100 open claims with what a core system reads of each. */
export const FUND_CLAIMS_QUERY = `query BenchClaims {
  claims(first: 100, status: [NEW, CHECKING, CHECKED, PRE_TRANSFER, INFORMATION_NEEDED]) {
    edges { cursor node {
      id status option accountNumber payoutType entitlement tax dueDate daysLeft definiteDate submittedAt
      member { personId svnr firstName lastName address { street postcode city country } }
      bank { iban bic holder } institution { name policyNumber }
      documents { kind fileName size }
    } }
    pageInfo { endCursor hasNextPage }
  }
}`;

const OPEN = ['NEW', 'CHECKING', 'CHECKED', 'PRE_TRANSFER', 'INFORMATION_NEEDED'] as const;

/**
 * Seeds BENCH_OPEN_CLAIMS open claims on the seeded members' Vorsorgekasse accounts (one per account, in turn;
 * statuses and receipt dates of the last three months spread) and creates a fund client with claims:read. Resolves
 * to the client's credentials.
 */
export async function seedFundClaims(database: string): Promise<{ clientId: string; clientSecret: string }> {
  const db = await openDatabase(database);
  try {
    const accounts = await db.select({ id: vkAccounts.id, personId: vkAccounts.personId }).from(vkAccounts).orderBy(vkAccounts.id);
    if (accounts.length === 0) throw new Error('the bench database has no Vorsorgekasse accounts');
    const now = Date.now();
    const rows = Array.from({ length: BENCH_OPEN_CLAIMS }, (_, i) => {
      const account = accounts[i % accounts.length]!;
      const status = OPEN[i % OPEN.length]!;
      return {
        personId: account.personId,
        accountId: account.id,
        option: i % 3 === 0 ? ('TRANSFER_VORSORGEKASSE' as const) : ('PAYOUT' as const),
        payoutType: i % 3 === 0 ? null : ('BANK_TRANSFER' as const),
        iban: i % 3 === 0 ? null : 'AT611904300234573201',
        bic: i % 3 === 0 ? null : 'BKAUATWW',
        institutionName: i % 3 === 0 ? 'Neue Vorsorgekasse AG' : null,
        status,
        submittedAt: new Date(now - ((i * 7_919_000) % (90 * 86_400_000))).toISOString(),
        definiteDate: status === 'CHECKED' || status === 'PRE_TRANSFER' ? new Date(now + 20 * 86_400_000).toISOString().slice(0, 10) : null,
        entitlementCents: 100_000 + i * 37,
        taxCents: 6_000,
        cashOrderCostCents: 0,
      };
    });
    await writeTransaction(db, async () => {
      for (let i = 0; i < rows.length; i += 200) await db.insert(severanceClaims).values(rows.slice(i, i + 200));
    });
    const tokens = createFundTokens({ store: createFundAccessStore(db), clock: systemClock, origin: '' });
    return await tokens.createClient('Bench', 'claims:read');
  } finally {
    await db.close();
  }
}

/** The measured request with a fresh token of the bench's client (tokens live 10 minutes: taken again before each run). */
export async function fundClaimsRequest(port: number, client: { clientId: string; clientSecret: string }): Promise<RequestShape> {
  const res = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  if (res.status !== 200) throw new Error(`the bench's fund client got no token: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  return {
    method: 'POST',
    path: '/fund/graphql',
    headers: { accept: 'application/graphql-response+json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ operationName: 'BenchClaims', query: FUND_CLAIMS_QUERY }),
  };
}
