import { describe, expect, it } from 'vitest';
import type { DashboardPage_QueryQuery } from '../../web/src/gql/graphql';
import { pdfBytes } from '../helpers/files';
import type { PortalClient } from '../helpers/client';
import { loginAs } from '../helpers/scenarios';
import { CLAIM, digitalMergeRequest, ELIGIBILITY, REQUEST } from './merge-operations';
import { cachedRequests } from './response-cache-requests';
import { uploadedId } from '../helpers/member-uploads';
import { useSeveranceRequestsServer } from '../helpers/severance-requests-server';

/**
 * After a severance claim or a merge request the dashboard's data says so for that account (server/modules/claims/claims.graphql
 * `SeveranceAccount.pendingRequest` and `ClaimableSeveranceAccount.pendingRequest`; spec 001 sections 2 and 5), so the
 * web app hides the decision countdown and the merge link of it. Asked as the web app asks (its persisted dashboard
 * query, through the response cache, decision 0038): the answer after the request is not the cached one before it.
 * bernd: a dormant account with a payout-able entitlement and an active one. On both engines.
 */
type Dashboard = NonNullable<DashboardPage_QueryQuery['me']>;

const suite = useSeveranceRequestsServer(2);

async function dashboard(client: PortalClient): Promise<Dashboard> {
  const { path, init } = cachedRequests().dashboardPost;
  const body = (await (await client.fetch(path, init)).json()) as { errors?: unknown; data: { me: Dashboard } };
  expect(body.errors).toBeUndefined();
  return body.data.me;
}

/** Per account number: [status, pendingRequest] of `severanceAccounts` and pendingRequest of `claimableSeveranceAccounts`. */
async function pendingOf(client: PortalClient): Promise<Record<string, [string, string | null, string | null]>> {
  const me = await dashboard(client);
  const out: Record<string, [string, string | null, string | null]> = {};
  for (const a of me.severanceAccounts as unknown as { accountNumber: string; status: string; pendingRequest: string | null }[]) {
    const claimable = (me.claimableSeveranceAccounts as unknown as { accountNumber: string; pendingRequest: string | null; decisionDeadline: string | null }[]).find(
      (c) => c.accountNumber === a.accountNumber,
    );
    out[a.accountNumber] = [a.status, a.pendingRequest, claimable?.pendingRequest ?? null];
  }
  return out;
}

async function berndsAccounts(client: PortalClient): Promise<{ dormant: { id: string; accountNumber: string }; active: string }> {
  const me = (await client.operation(ELIGIBILITY)).body.data!.me!;
  const dormant = me.mergeEligibility.dormantAccounts[0]!;
  return { dormant: { id: dormant.id, accountNumber: dormant.accountNumber }, active: me.mergeEligibility.targetAccountNumber! };
}

/** An uploaded ID copy (PDF) for the merge request. */
async function idCopy(client: PortalClient): Promise<string> {
  return await uploadedId(client, 'merge-document', 'ausweis.pdf', pdfBytes(), 'application/pdf');
}

describe('the dashboard after a claim or a merge request', () => {
  it("shows bernd's dormant account with a decision countdown and no request in progress before", async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const { dormant, active } = await berndsAccounts(bernd);
    const me = await dashboard(bernd);
    const claimable = (me.claimableSeveranceAccounts as unknown as { accountNumber: string; rightToDecide: boolean; decisionDeadline: string | null }[]).find(
      (c) => c.accountNumber === dormant.accountNumber,
    )!;
    expect(claimable.rightToDecide).toBe(true);
    expect(claimable.decisionDeadline).not.toBeNull();
    expect(await pendingOf(bernd)).toEqual({ [dormant.accountNumber]: ['DORMANT', null, null], [active]: ['ACTIVE', null, null] });
  });

  it('says CLAIM for the account once bernd filed a claim on it, and for no other', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const { dormant, active } = await berndsAccounts(bernd);
    // Asked once before, so the answer is in the response cache.
    expect((await pendingOf(bernd))[dormant.accountNumber]).toEqual(['DORMANT', null, null]);
    const claim = await bernd.operation(CLAIM, {
      input: { accountId: dormant.id, option: 'KEEP', confirmed: true, signature: { kind: 'TYPED', name: 'Bernd Vorsorge' } },
    });
    expect(claim.body.data!.submitSeveranceClaim.ok).toBeTruthy();
    expect(await pendingOf(bernd)).toEqual({ [dormant.accountNumber]: ['DORMANT', 'CLAIM', 'CLAIM'], [active]: ['ACTIVE', null, null] });
  });

  it('says MERGE for the merged account once bernd requested the merge', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const { dormant, active } = await berndsAccounts(bernd);
    expect((await pendingOf(bernd))[dormant.accountNumber]).toEqual(['DORMANT', null, null]);
    const person = (await bernd.operation(ELIGIBILITY)).body.data!.me!;
    const { body } = await bernd.operation(REQUEST, { input: digitalMergeRequest(person, { idCopyIds: [await idCopy(bernd)] }) });
    expect(body.data!.requestMerge.error).toBeNull();
    expect(await pendingOf(bernd)).toEqual({ [dormant.accountNumber]: ['DORMANT', 'MERGE', 'MERGE'], [active]: ['ACTIVE', null, null] });
  });
});
