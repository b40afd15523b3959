import { describe, expect, it } from 'vitest';
import { claimFiles, severanceClaims } from '../../db/schema';
import { isoInstant } from '../../server/platform/shared/clock';
import { CLAIM_FILE_LINK_SECONDS } from '../../server/fund/claims/claim-file-links';
import { pdfBytes } from '../helpers/files';
import { createFundTestClient } from '../helpers/fund-client';
import { sqlOne, sqlValue } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { claimsSuite, CLAIMS, type ClaimsAnswer } from '../helpers/fund-claims-suite';

/**
 * Claims on the fund's API (decision 0056), the work list `claims`: order, filter, paging, the computed due date, what
 * each claim carries, and the short-lived document links. The status steps are in fund-claim-status.test.ts.
 */
const s = claimsSuite();
const { write, personOf, newClaim } = s;

describe('claims: the work list (oldest due date first)', () => {
  it('orders by receipt (the due date grows with it), then id; filters by status; pages with cursors; computes due date and days left', async () => {
    // Received in different months, one pair on the same instant (then by id), out of insertion order.
    const late = await newClaim(emailOf('anna'), 'CHECKING', { submittedAt: '2026-10-15T08:00:00.000Z' });
    const early = await newClaim(emailOf('bernd'), 'NEW', { submittedAt: '2026-08-03T08:00:00.000Z' });
    const tieA = await newClaim(emailOf('anna'), 'NEW', { submittedAt: '2026-09-10T08:00:00.000Z' });
    const tieB = await newClaim(emailOf('bernd'), 'POST_TRANSFER', { submittedAt: '2026-09-10T08:00:00.000Z' });
    const all = (await s.fund.query<ClaimsAnswer>(CLAIMS, { first: 500 })).body.data!.claims;
    expect(all.edges.map((e) => Number(e.node.id))).toEqual([early, tieA, tieB, late]);
    // 15.10.2026 → end of December → 5 working days (1 and 6 January are holidays) → 11.01.2027; today is 22.11.2026.
    expect(all.edges[3]!.node).toMatchObject({ dueDate: '2027-01-11', daysLeft: 50 });
    // 03.08.2026 → 31.10.2026 (Saturday) → 2., 3., 4., 5., 6.11.2026: overdue by 16 days.
    expect(all.edges[0]!.node).toMatchObject({ dueDate: '2026-11-06', daysLeft: -16 });

    const open = (await s.fund.query<ClaimsAnswer>(CLAIMS, { status: ['NEW', 'CHECKING'] })).body.data!.claims;
    expect(open.edges.map((e) => Number(e.node.id))).toEqual([early, tieA, late]);

    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: ClaimsAnswer['claims'] = (await s.fund.query<ClaimsAnswer>(CLAIMS, { first: 1, after })).body.data!.claims;
      seen.push(...page.edges.map((e) => Number(e.node.id)));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([early, tieA, tieB, late]);

    for (const bad of [{ first: 0 }, { first: 501 }, { status: [] }, { after: 'bm90LWEtY3Vyc29y' }, { after: Buffer.from('["x","y"]').toString('base64url') }]) {
      const answer = await s.fund.query(CLAIMS, bad);
      expect(answer.body.errors?.[0]?.extensions?.code, JSON.stringify(bad)).toBe('BAD_USER_INPUT');
    }
    await write(() => s.server.db.delete(severanceClaims));
  });

  it('carries the member (name, SVNR, address), account, option, bank data or institution, entitlement, the signature and the documents', async () => {
    const payout = await newClaim(emailOf('anna'), 'NEW', { signatureKind: 'TYPED', signatureName: 'Anna Muster' });
    const transfer = await newClaim(emailOf('bernd'), 'NEW', {
      option: 'TRANSFER_SUPPLEMENTARY_INSURANCE',
      payoutType: null,
      iban: null,
      bic: null,
      institutionName: 'Wiener Versicherung',
      policyNumber: 'PZV-77',
      signatureKind: 'DRAWN',
      signatureName: null,
    });
    await write(() =>
      s.server.db
        .insert(claimFiles)
        .values({ claimId: payout, kind: 'IDENTITY_DOCUMENT', fileName: 'ausweis.pdf', contentType: 'application/pdf', sizeBytes: 300, content: pdfBytes(300) }),
    );
    const answer = await s.fund.query<{ claims: { edges: { node: Record<string, unknown> }[] } }>(`{
      claims(first: 10) { edges { node {
        id option accountNumber payoutType entitlement tax cashOrderCost
        member { personId svnr firstName lastName titlePrefix address { street postcode city country } }
        bank { iban bic holder } institution { name policyNumber } cashOrderAddress { city }
        documents { kind fileName contentType size downloadUrl expiresAt }
        signatureKind signatureName
      } } }
    }`);
    const nodes = answer.body.data!.claims.edges.map((e) => e.node);
    const annaRow = await sqlOne<Record<string, string>>(
      s.server.db,
      'SELECT svnr, first_name, last_name, street, postcode, city, country FROM persons WHERE email = ?',
      emailOf('anna'),
    );
    const annaAccount = await sqlValue<string>(s.server.db, 'SELECT account_number FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1', await personOf(emailOf('anna')));
    expect(nodes[0]).toMatchObject({
      id: String(payout),
      option: 'PAYOUT',
      accountNumber: annaAccount,
      payoutType: 'BANK_TRANSFER',
      entitlement: 1_234_567,
      tax: 74_074,
      member: {
        svnr: annaRow.svnr,
        firstName: annaRow.first_name,
        lastName: annaRow.last_name,
        address: { street: annaRow.street, postcode: annaRow.postcode, city: annaRow.city, country: annaRow.country },
      },
      bank: { iban: 'AT611904300234573201', bic: 'BKAUATWW', holder: `${annaRow.first_name} ${annaRow.last_name}` },
      institution: null,
      cashOrderAddress: null,
      signatureKind: 'TYPED',
      signatureName: 'Anna Muster',
    });
    const [doc] = nodes[0]!.documents as { downloadUrl: string; expiresAt: string; size: number; fileName: string }[];
    expect(doc).toMatchObject({ fileName: 'ausweis.pdf', size: 300, expiresAt: isoInstant(Math.floor(s.server.clock.now() / 1000) * 1000 + CLAIM_FILE_LINK_SECONDS * 1000) });
    expect(doc!.downloadUrl.startsWith(`${s.server.url}/fund/claim-file?file=`)).toBe(true);
    expect(nodes[1]).toMatchObject({
      id: String(transfer),
      bank: null,
      institution: { name: 'Wiener Versicherung', policyNumber: 'PZV-77' },
      documents: [],
      signatureKind: 'DRAWN',
      signatureName: null,
    });
    await write(() => s.server.db.delete(severanceClaims));
  });
});

describe('claim documents: short-lived links for the client that read them', () => {
  it('answers the file with the token of the client the link was made for, until it expires; refuses anything else', async () => {
    const reader = await createFundTestClient(s.server, 'claims:read', 'Dokumente');
    const other = await createFundTestClient(s.server, 'claims:read', 'Fremd');
    const eventsOnly = await createFundTestClient(s.server, 'events:read', 'Nur Ereignisse');
    const claim = await newClaim(emailOf('anna'), 'NEW');
    const bytes = pdfBytes(500);
    await write(() =>
      s.server.db
        .insert(claimFiles)
        .values({ claimId: claim, kind: 'BANK_CONFIRMATION', fileName: 'bank bestätigung.pdf', contentType: 'application/pdf', sizeBytes: bytes.length, content: bytes }),
    );
    const docs = await reader.query<{ claims: { edges: { node: { documents: { downloadUrl: string }[] } }[] } }>('{ claims { edges { node { documents { downloadUrl } } } } }');
    const url = docs.body.data!.claims.edges[0]!.node.documents[0]!.downloadUrl;
    const get = (target: string, token?: string) => fetch(target, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

    const ok = await get(url, reader.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('content-disposition')).toContain('attachment;');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await ok.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await get(url)).status).toBe(401);
    const cookie = [...s.anna.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await fetch(url, { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await get(url, eventsOnly.token)).status).toBe(403);
    const foreign = await get(url, other.token);
    expect([foreign.status, ((await foreign.json()) as { error: string }).error]).toEqual([403, 'LINK_INVALID']);
    const u = new URL(url);
    const sig = u.searchParams.get('sig')!;
    const changed = [
      url.replace(`sig=${sig}`, `sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
      url.replace(`exp=${u.searchParams.get('exp')}`, `exp=${Number(u.searchParams.get('exp')) + 3600}`),
      url.replace(`file=${u.searchParams.get('file')}`, `file=${Number(u.searchParams.get('file')) + 1}`),
      `${url}&file=1`,
      `${s.server.url}/fund/claim-file`,
    ];
    for (const target of changed) expect([target, (await get(target, reader.token)).status]).toEqual([target, 403]);
    expect((await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${reader.token}` } })).status).toBe(405);

    s.server.clock.advance(CLAIM_FILE_LINK_SECONDS * 1000 - 1000);
    expect((await get(url, reader.token)).status).toBe(200);
    s.server.clock.advance(1000);
    const expired = await get(url, reader.token);
    expect([expired.status, ((await expired.json()) as { error: string }).error]).toEqual([410, 'LINK_EXPIRED']);
    await write(() => s.server.db.delete(severanceClaims));
    s.fund = await createFundTestClient(s.server, 'claims:read claims:write events:read');
  });
});
