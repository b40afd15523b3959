import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { claimFiles, severanceClaims } from '../../db/schema';
import { isoInstant } from '../../server/platform/shared/clock';
import { createStaffService } from '../../server/fund/staff/staff.service';
import { createStaffStore } from '../../server/fund/staff/staff.store';
import { pdfBytes } from '../helpers/files';
import { payoutClaimRow } from '../helpers/fund-claim-rows';
import { createFundTestClient } from '../helpers/fund-client';
import { sqlAll, sqlValue } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The workbench opens a claim's documents in the page (decision 0056, "Document links"): the link `FundClaim.documents`
 * hands a staff person is answered with that person's session cookie, inline when asked (framable by the portal's own
 * pages only), each file a READ row of the staff audit trail (decision 0054); nobody else's session or token opens it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 2 });
});
afterAll(async () => {
  await server.close();
});

const NEW_PASSWORD = 'Arbeitsplatz#2026sicher';

/** A signed-in staff person of `role` with the new password set: the session cookie and the staff id. */
async function staffSession(role: string, email: string): Promise<{ cookie: string; staffId: number }> {
  const service = createStaffService({ store: createStaffStore(server.db), clock: server.clock, lockout: { threshold: 5, ms: 3_600_000 } });
  const created = await service.create({ email, name: `Test ${role}`, role });
  const secret = Secret.fromBase32(new URL(created.totpUri).searchParams.get('secret')!);
  const code = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: server.clock.now() });
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
  const signIn = await post('/fund/staff/sign-in', { email, password: created.initialPassword, code });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  expect((await post('/fund/staff/password', { currentPassword: created.initialPassword, newPassword: NEW_PASSWORD }, cookie)).status).toBe(200);
  return { cookie, staffId: Number(await sqlValue(server.db, 'SELECT id FROM staff_accounts WHERE email = ?', email)) };
}

/** The download link of the first document of claim `claimId` as the staff session reads it through /fund/graphql. */
async function linkFor(cookie: string, claimId: number): Promise<string> {
  const res = await fetch(`${server.url}/fund/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ query: '{ claims(first: 200) { edges { node { id documents { downloadUrl } } } } }' }),
  });
  const body = (await res.json()) as { data: { claims: { edges: { node: { id: string; documents: { downloadUrl: string }[] } }[] } } };
  return body.data.claims.edges.find((e) => e.node.id === String(claimId))!.node.documents[0]!.downloadUrl;
}

describe('claim documents in the workbench (staff session)', () => {
  it('answers the file to the staff person the link was made for, inline and framable by the portal when asked, recorded in the trail', async () => {
    const personId = Number(await sqlValue(server.db, 'SELECT id FROM persons WHERE email = ?', emailOf('anna')));
    const bytes = pdfBytes(400);
    const row = await payoutClaimRow(server.db, personId, { status: 'NEW', submittedAt: isoInstant(server.clock.now()) });
    const claimId = await writeTransaction(server.db, async () => {
      const [claim] = await server.db.insert(severanceClaims).values(row).returning({ id: severanceClaims.id });
      await server.db
        .insert(claimFiles)
        .values({ claimId: claim!.id, kind: 'IDENTITY_DOCUMENT', fileName: 'Ausweis.pdf', contentType: 'application/pdf', sizeBytes: bytes.length, content: bytes });
      return claim!.id;
    });
    const clerk = await staffSession('CLERK', 'files-clerk@fund.example');
    const other = await staffSession('CLERK', 'files-other@fund.example');
    const admin = await staffSession('ADMIN', 'files-admin@fund.example');
    const url = await linkFor(clerk.cookie, claimId);
    const get = (target: string, headers: Record<string, string> = {}) => fetch(target, { headers });

    const inline = await get(`${url}&inline=1`, { Cookie: clerk.cookie });
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="Ausweis\.pdf"/);
    expect(inline.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(Buffer.from(await inline.arrayBuffer()).equals(bytes)).toBe(true);
    const download = await get(url, { Cookie: clerk.cookie });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const trail = await sqlAll<{ person_id: number; kind: string; what: string; target: string }>(
      server.db,
      "SELECT person_id, kind, what, target FROM staff_audit WHERE staff_id = ? AND what = 'claimFile' ORDER BY id",
      clerk.staffId,
    );
    const fileId = new URL(url).searchParams.get('file');
    expect(trail).toEqual([0, 1].map(() => ({ person_id: personId, kind: 'READ', what: 'claimFile', target: `claim-file:${fileId}` })));

    // Hostile input: only `inline=1` answers inline; a forged staff cookie is 401; a bearer token wins over the cookie.
    for (const value of ['1<script>', 'true', '', '1&inline=0']) {
      const odd = await get(`${url}&inline=${value}`, { Cookie: clerk.cookie });
      expect(odd.headers.get('content-disposition'), value).toMatch(/^attachment;/);
      expect(odd.headers.get('content-security-policy'), value).toContain("frame-ancestors 'none'");
    }
    const cookieName = clerk.cookie.split('=')[0]!;
    for (const forged of ['x', 'a'.repeat(5000), "' OR 1=1 --", '<b>']) expect((await get(url, { Cookie: `${cookieName}=${forged}` })).status).toBe(401);
    expect((await get(url, { Cookie: clerk.cookie, Authorization: 'Bearer nonsense' })).status).toBe(401);
    // Another staff person's session, an ADMIN (no claims:read), no session, a member's session, a machine client: refused.
    const foreign = await get(url, { Cookie: other.cookie });
    expect([foreign.status, ((await foreign.json()) as { error: string }).error]).toEqual([403, 'LINK_INVALID']);
    expect((await get(url, { Cookie: admin.cookie })).status).toBe(403);
    expect((await get(url)).status).toBe(401);
    const anna = await loginAs(server, 'anna');
    expect((await get(url, { Cookie: [...anna.cookies].map(([k, v]) => `${k}=${v}`).join('; ') })).status).toBe(401);
    const machine = await createFundTestClient(server, 'claims:read');
    expect((await get(url, { Authorization: `Bearer ${machine.token}` })).status).toBe(403);
    // An ended session opens nothing: 401, and no further trail row.
    await fetch(`${server.url}/fund/staff/sign-out`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: clerk.cookie } });
    expect((await get(url, { Cookie: clerk.cookie })).status).toBe(401);
    expect(Number(await sqlValue(server.db, "SELECT count(*) FROM staff_audit WHERE what = 'claimFile'"))).toBe(6);
  });
});
