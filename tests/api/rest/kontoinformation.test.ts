import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql';
import { PortalClient } from '../../helpers/client';
import { loginAs } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

/**
 * REST `webportal/kontoinformation` (spec 000 section 7 "Other server paths"; spec 001 section 3), at `/rest/…` and at
 * the bare `/webportal/…` path like `webportal/verfuegungen`, with `webportal/uploadForm` and `webportal/form` there
 * too. The figures equal GraphQL's for the same Stichtag.
 */
const ACCOUNTS = graphql(`
  query KontoinformationParity($stichtag: Date) {
    me {
      pensionContracts {
        contractNumber
        stichtage
        statement(stichtag: $stichtag) {
          stichtag
          totalCapital
          reserve
          employerContributions
          investmentResult
        }
      }
      severanceAccounts {
        accountNumber
        stichtage
        statement(stichtag: $stichtag) {
          stichtag
          totalEntitlement
          contributions
        }
      }
    }
  }
`);

let server: TestServer;
let regional: TestServer;
beforeAll(async () => {
  [server, regional] = await Promise.all([startTestServer({ members: 2 }), startTestServer({ members: 2, env: { TENANT: 'regional' } })]);
});
afterAll(async () => {
  await Promise.all([server.close(), regional.close()]);
});

interface Answer {
  fund: string;
  contracts: { number: string; stichtage: string[]; statement: Record<string, unknown> | null }[];
}

async function post(client: PortalClient, path: string, body: Record<string, string>) {
  const res = await client.fetch(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
  return { status: res.status, json: (await res.json()) as unknown };
}

describe('REST webportal/kontoinformation', () => {
  it('answers anna’s Pensionskasse and Vorsorgekasse figures at the newest and at a chosen Stichtag, as GraphQL does', async () => {
    const anna = await loginAs(server, 'anna');
    const newest = (await anna.operation(ACCOUNTS, {})).body.data!.me!;
    const older = newest.pensionContracts[0]!.stichtage[2]!;
    const atOlder = (await anna.operation(ACCOUNTS, { stichtag: older })).body.data!.me!;
    for (const path of ['/rest/webportal/kontoinformation', '/webportal/kontoinformation']) {
      const pk = await post(anna, path, { fund: 'PK' });
      expect(pk.status).toBe(200);
      const pkAnswer = pk.json as Answer;
      expect(pkAnswer.fund).toBe('PK');
      expect(pkAnswer.contracts.map((c) => c.number)).toEqual(newest.pensionContracts.map((c) => c.contractNumber));
      expect(pkAnswer.contracts[0]!.stichtage).toEqual(newest.pensionContracts[0]!.stichtage);
      expect(pkAnswer.contracts[0]!.statement).toMatchObject(newest.pensionContracts[0]!.statement!);
      expect(pkAnswer.contracts[0]!.statement).not.toHaveProperty('id');
      expect(pkAnswer.contracts[0]!.statement).not.toHaveProperty('contractId');

      const pkOlder = (await post(anna, path, { fund: 'PK', stichtag: older })).json as Answer;
      expect(pkOlder.contracts[0]!.statement).toMatchObject(atOlder.pensionContracts[0]!.statement!);
      expect(pkOlder.contracts[0]!.statement!.stichtag).toBe(older);

      const vk = (await post(anna, path, { fund: 'VK' })).json as Answer;
      expect(vk.contracts.map((c) => c.number)).toEqual(newest.severanceAccounts.map((a) => a.accountNumber));
      expect(vk.contracts[0]!.statement).toMatchObject(newest.severanceAccounts[0]!.statement!);
    }
    // A Stichtag without a statement answers null for it; a malformed one is refused.
    const none = (await post(anna, '/webportal/kontoinformation', { fund: 'PK', stichtag: '1999-12-31' })).json as Answer;
    expect(none.contracts[0]!.statement).toBeNull();
    expect((await post(anna, '/webportal/kontoinformation', { fund: 'XX' })).status).toBe(400);
    expect((await post(anna, '/webportal/kontoinformation', { fund: 'PK', stichtag: '31.12.2024' })).status).toBe(400);
  });

  it('needs a session, and answers no Pensionskasse contracts on the regional tenant', async () => {
    const anonymous = await post(new PortalClient(server.url), '/webportal/kontoinformation', { fund: 'VK' });
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.status).toBeLessThan(500);
    const bernd = await loginAs(regional, 'bernd');
    expect(((await post(bernd, '/webportal/kontoinformation', { fund: 'PK' })).json as Answer).contracts).toEqual([]);
    expect(((await post(bernd, '/webportal/kontoinformation', { fund: 'VK' })).json as Answer).contracts.length).toBeGreaterThan(0);
  });

  it('serves webportal/uploadForm and webportal/form at the bare /webportal/ path too', async () => {
    const anna = await loginAs(server, 'anna');
    for (const name of ['uploadForm', 'form']) {
      const bare = await post(anna, `/webportal/${name}`, {});
      const rest = await post(anna, `/rest/webportal/${name}`, {});
      expect(bare.status, name).toBe(rest.status);
      expect(bare.json, name).toEqual(rest.json);
      expect(bare.status).not.toBe(404);
    }
  });
});
