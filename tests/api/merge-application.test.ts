import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { persons, vkAccounts } from '../../db/schema';
import { PortalClient } from '../helpers/client';
import { pdfText } from '../helpers/pdf';
import { emailOf, loginAs } from '../helpers/scenarios';
import { useTestServers } from '../helpers/suite-server';

/**
 * The printable merge application (decision 0023 "Printable application", spec 001 section 5 "signature type … signed
 * form"): `GET /webportal/zusammenlegung-antrag`, filled for the logged-in member who may merge, blank with `?blank=1`
 * for the public merge, refused for a member who may not merge, without a session and on the regional tenant.
 */
const suite = useTestServers({ server: { members: 2 }, regional: { members: 2, env: { TENANT: 'regional' } } });

const PATH = '/webportal/zusammenlegung-antrag';

async function pdfOf(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Antrag_Zusammenlegung_2026-11-22\.pdf"/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

describe('printable merge application', () => {
  it('is filled with bernd’s data, his dormant account and the target account, with lines to sign on', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const text = await pdfOf(await bernd.fetch(PATH));
    const [person] = await suite.server.db
      .select()
      .from(persons)
      .where(eq(persons.email, emailOf('bernd')));
    const dormant = await suite.server.db
      .select()
      .from(vkAccounts)
      .where(and(eq(vkAccounts.personId, person!.id), eq(vkAccounts.status, 'DORMANT')));
    const [active] = await suite.server.db
      .select()
      .from(vkAccounts)
      .where(and(eq(vkAccounts.personId, person!.id), eq(vkAccounts.status, 'ACTIVE')));
    expect(text).toContain('Antrag auf Zusammenlegung von Abfertigungsanwartschaften');
    expect(text).toContain('Bernd');
    expect(text).toContain('Vorsorge');
    expect(text).toContain(`${person!.svnr.slice(0, 4)} ${person!.svnr.slice(4)}`);
    for (const account of dormant) expect(text).toContain(account.accountNumber);
    expect(text).toContain(active!.accountNumber);
    expect(text).toContain('Eigenhändige Unterschrift');
    expect(text).toContain('Ort, Datum');
    // A form the member signs, not a letter from the fund: no salutation, no closing.
    expect(text).not.toMatch(/Sehr geehrte|Mit freundlichen Grüßen|ohne Unterschrift gültig/);
  });

  it('is blank with ?blank=1, without a login, and names nobody', async () => {
    const text = await pdfOf(await new PortalClient(suite.server.url).fetch(`${PATH}?blank=1`));
    expect(text).toContain('Antrag auf Zusammenlegung von Abfertigungsanwartschaften');
    expect(text).toContain('______');
    expect(text).not.toMatch(/Bernd|Anna|Muster/);
  });

  it('refuses a member who may not merge, a caller without a session, other methods, and the regional tenant', async () => {
    const anna = await loginAs(suite.server, 'anna');
    const refused = await anna.fetch(PATH);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'ERROR_NOT_ELIGIBLE', message: expect.stringContaining('keine Zusammenlegung möglich') });
    const anonymous = await new PortalClient(suite.server.url).fetch(PATH);
    expect(anonymous.status).toBe(406);
    const post = await anna.fetch(PATH, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    const onRegional = await new PortalClient(suite.regional.url).fetch(`${PATH}?blank=1`);
    expect(onRegional.status).toBe(404);
    expect(await onRegional.json()).toMatchObject({ error: 'ERROR_NOT_OFFERED' });
  });
});
