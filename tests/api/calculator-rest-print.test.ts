import { describe, expect, it } from 'vitest';
import { PortalClient } from '../helpers/client';
import { euro, pdfText } from '../helpers/pdf';
import { emailOf, type Scenario } from '../helpers/scenarios';
import { calculatorSuite } from '../helpers/calculator-steps';

/** The pension calculator through the real server's REST methods and webportal/calcprint (decision 0017); GraphQL: tests/api/calculator.test.ts. */

const { server, login, calculatorOf, project, sql } = calculatorSuite();

describe('REST getCalculator / calculatePension', () => {
  it('answer the same figures as GraphQL', async () => {
    const anna = await login('anna');
    const g = await calculatorOf(anna);
    const view = await anna.rest('getCalculator');
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ access: 'FULL', dataDate: g.dataDate, defaults: g.defaults, statutoryRetirementDate: g.statutoryRetirementDate });
    const form = Object.fromEntries(Object.entries(g.defaults!).map(([k, v]) => [k, v === null ? '' : String(v)]));
    const rest = await anna.rest('calculatePension', form);
    const graph = await project(anna, g.defaults!);
    expect(rest.status).toBe(200);
    expect((rest.json as any).projection.scenarios).toEqual(graph.projection?.scenarios);
    expect((rest.json as any).projection.revaluedAccountCredit).toBe(graph.projection?.revaluedAccountCredit);
  });

  it('answer 406 without a session and 400 for a body of the wrong shape', async () => {
    expect((await new PortalClient(server().url).rest('getCalculator')).status).toBe(406);
    const anna = await login('anna');
    const bad = await anna.rest('calculatePension', { birthDate: '1984-05-17', accountCredit: 'viel' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'BAD_REQUEST' });
  });
});

describe('webportal/calcprint', () => {
  async function calcprint(client: PortalClient, body: unknown, init: RequestInit = {}) {
    return client.fetch('/webportal/calcprint', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...init });
  }

  it("prints anna's calculation with the same figures as projectPension", async () => {
    const anna = await login('anna');
    const { defaults } = await calculatorOf(anna);
    const input = { ...defaults!, accountCredit: 1_200_000, otherYearlyIncome: 240_000 };
    const r = await project(anna, input);
    const res = await calcprint(anna, input);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="Vorsorgerechner_2026-11-22\.pdf"/);
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    const e = r.projection!.scenarios[1]!;
    for (const cents of [e.pensionFundYearly, e.severanceYearly, e.stateYearly, e.otherYearly, e.totalYearly, e.totalMonthly, e.pensionFundCapital]) {
      expect(text).toContain(euro(cents));
    }
    for (const s of r.projection!.scenarios) expect(text).toContain(euro(s.totalMonthly));
    expect(text).toContain('Stand der Daten');
    expect(text).toContain('31.12.2025');
    expect(text).toContain('Sterbetafel 2010/2012');
    expect(text).toContain('nicht die lizenzierte Rechnungsgrundlage');
    // The state pension's assumptions (decision 0043) and the two explanations, as on screen.
    expect(text).toContain('Höchstbeitragsgrundlage 2026 6.930,00 € im Monat, 97.020,00 € im Jahr; danach + 2,00 % pro Jahr (Annahme)');
    expect(text).toContain('Aufwertungszahl 2026 1,073; danach 2,00 % pro Jahr (Annahme)');
    expect(text).toContain(`Gesamtgutschrift, aufgewertet bis zum Beginn der staatlichen Pension ${euro(r.projection!.revaluedAccountCredit)}`);
    expect(text).toContain('höchstens der Höchstbeitragsgrundlage des Jahres (zuletzt bekannt: 6.930,00 € im Monat, 97.020,00 € im Jahr 2026)');
    expect(text).toContain('2026 mit der Aufwertungszahl 1,073, für die Jahre danach nehmen wir Ihre Einkommenssteigerung von 2,00 % pro Jahr an.');
    expect(text).toContain('die Pensionen aus Pensionskasse und Vorsorgekasse fallen hier deshalb etwas zu hoch aus.');
    expect(text).toContain('Warum die „Voraussichtliche Jahrespension“ Ihrer Kontonachricht abweicht');
    expect(text).not.toContain('ohne Aufwertung und ohne Höchstbeitragsgrundlage');
    // The cost example of spec 001 section 9 (0,65 % a year), with the input's return after and before costs.
    const net = (input.expectedReturn as number).toFixed(2).replace('.', ',');
    const gross = ((input.expectedReturn as number) + 0.65).toFixed(2).replace('.', ',');
    expect(text).toContain(
      `Vermögensverwaltungskosten der Pensionskasse von 0,65 % pro Jahr entspricht eine erwartete Rendite von ${net} % einem Veranlagungsergebnis vor Kosten von ${gross} %.`,
    );
  });

  it("reads only the session's own contract: the same inputs print anna's contract for anna and rosa's for rosa", async () => {
    const contractOf = async (scenario: Scenario) =>
      (await sql<{ n: string }>(`SELECT c.contract_number n FROM pk_contracts c JOIN persons p ON p.id = c.person_id WHERE p.email = ?`, emailOf(scenario))).n;
    const anna = await login('anna');
    const rosa = await login('rosa');
    const { defaults } = await calculatorOf(rosa);
    const annaText = await pdfText(new Uint8Array(await (await calcprint(anna, defaults)).arrayBuffer()));
    const rosaText = await pdfText(new Uint8Array(await (await calcprint(rosa, defaults)).arrayBuffer()));
    expect(annaText).toContain(await contractOf('anna'));
    expect(annaText).not.toContain(await contractOf('rosa'));
    expect(rosaText).toContain(await contractOf('rosa'));
    expect(rosaText).toContain('nur Eigenbeiträge');
  });

  it('refuses bad input (400), a refused calculator (403), no session (406), GET (405) and a foreign page (403 CSRF)', async () => {
    const anna = await login('anna');
    const { defaults } = await calculatorOf(anna);
    const bad = await calcprint(anna, { ...defaults, retirementDate: '2020-01-01' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, code: 'INVALID_INPUT', fieldErrors: [expect.objectContaining({ field: 'retirementDate' })] });
    const shape = await calcprint(anna, { hello: 'world' });
    expect(shape.status).toBe(400);
    const clara = await login('clara');
    expect((await calcprint(clara, defaults)).status).toBe(403);
    expect((await calcprint(new PortalClient(server().url), defaults)).status).toBe(406);
    expect((await anna.fetch('/webportal/calcprint')).status).toBe(405);
    anna.omitVersionHeader = true;
    const csrf = await calcprint(anna, defaults);
    expect(csrf.status).toBe(403);
    expect(await csrf.json()).toMatchObject({ error: 'CSRF' });
  });
});
