import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandates } from '../../db/schema';
import type { PortalClient } from '../helpers/client';
import { pdfText } from '../helpers/pdf';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, TEST_TODAY, type TestServer } from '../helpers/test-server';

/**
 * The REST layer's amount fields arrive as strings (form-urlencoded, spec 000 section 7) and carry integer cents: they
 * are read by the contract's `parseCentsText` only (decision 0042), so `1.200`, `12e3` or `0x10` is refused with 400
 * and nothing changes, instead of being read in some other notation. The calculator's PDF prints what the cents say.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 2 });
  server.clock.set(Date.parse(`${TEST_TODAY}T09:00:00Z`));
});
afterAll(async () => {
  await server.close();
});

const mandateRows = async () => (await server.db.select({ n: count() }).from(mandates))[0]!.n;

describe('REST webportal/eigenbeitraege/mandat: amount in cents as a string', () => {
  it('refuses any notation but digits with 400 BAD_REQUEST at the field, stores nothing; reads plain cents', async () => {
    const rosa = await loginAs(server, 'rosa');
    const overview = (await rosa.rest('webportal/eigenbeitraege')).json as { contracts: { id: string }[] };
    const form = {
      contractId: overview.contracts[0]!.id,
      type: 'ONE_OFF',
      iban: 'AT61 1904 3002 3457 3201',
      startDate: '2027-01-04',
      accountOwner: 'Rosa Eigenbeitrag',
      confirmed: 'true',
    };
    const before = await mandateRows();
    for (const amount of ['1e4', '0x2710', '1.200', '1200,50', '12 000', '100.00']) {
      const r = await rosa.rest('webportal/eigenbeitraege/mandat', { ...form, amount });
      expect(r.status, amount).toBe(400);
      expect(r.json, amount).toMatchObject({ error: 'BAD_REQUEST', fields: ['amount'] });
    }
    expect(await mandateRows()).toBe(before);

    const created = await rosa.rest('webportal/eigenbeitraege/mandat', { ...form, amount: ' 120000 ' });
    expect(created.json).toMatchObject({ ok: true, mandate: { amount: 120_000 } });
    expect(await mandateRows()).toBe(before + 1);
  });
});

describe('webportal/calcprint: the form-urlencoded body', () => {
  async function calcprint(client: PortalClient, form: Record<string, string>) {
    return client.fetch('/webportal/calcprint', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  it('prints the own contribution the cents say; a euro notation in a cent field is refused with 400', async () => {
    const anna = await loginAs(server, 'anna');
    const defaults = ((await anna.rest('getCalculator')).json as { defaults: Record<string, unknown> }).defaults;
    const form = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, v === null ? '' : String(v)]));

    const printed = await calcprint(anna, { ...form, ownAnnualContribution: '120000' });
    expect(printed.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await printed.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Eigenbeitrag jährlich 1.200,00 €');

    for (const amount of ['1.200', '12e4', '1200,00']) {
      const refused = await calcprint(anna, { ...form, ownAnnualContribution: amount });
      expect(refused.status, amount).toBe(400);
      expect(await refused.json(), amount).toMatchObject({ error: 'BAD_REQUEST', fields: ['ownAnnualContribution'] });
    }
  });
});
