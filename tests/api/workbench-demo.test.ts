import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateVienna } from '@contract/dates';
import { payoutTaxCents } from '@contract/claims';
import { seedWorkbenchDemo, type WorkbenchDemoStats } from '../../db/seed';
import { staffTestSession, type StaffTestSession } from '../helpers/fund-staff';
import { sqlAll } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The demo's open work for the workbench (decision 0073; db/seed/workbench-demo.ts), which `npm start` seeds in
 * development: every queue of the fund's API shows it to a clerk, on generated members only, with the claims' figures
 * from the accounts' statements; the regional tenant gets the claims alone.
 */
let server: TestServer;
let clerk: StaffTestSession;
let stats: WorkbenchDemoStats;

beforeAll(async () => {
  server = await startTestServer({ members: 60 });
  stats = await seedWorkbenchDemo(server.db, { tenant: 'main', today: isoDateVienna(server.clock.now()), creditorId: 'AT67ZZZ00000045678' });
  clerk = await staffTestSession(server, 'CLERK', 'demo-clerk@fund.example', 'Dora Demo');
});
afterAll(async () => {
  await server.close();
});

type Node = { member?: { id: string } | null };
type Page = { totalCount: number; edges: { node: Node & Record<string, unknown> }[] };

describe('seedWorkbenchDemo', () => {
  it('fills every queue of the workbench; the fund API counts what the seed says it added', async () => {
    expect(stats).toEqual({ claims: 3, forms: 2, publicUploads: 1, mergeRequests: 1, mandates: 2, premiumApplications: 1 });
    const answer = await clerk.query<Record<string, Page>>(`{
      claims(status: [NEW, CHECKING, CHECKED]) { totalCount edges { node { status entitlement tax definiteDate dueDate daysLeft } } }
      forms(status: [OPEN]) { totalCount edges { node { kind member { id } } } }
      publicUploads(status: [UNASSIGNED]) { totalCount edges { node { files { fileName contentType } } } }
      mergeRequests(status: [PENDING]) { totalCount edges { node { member { id } } } }
      mandates(status: [ACTIVE]) { totalCount edges { node { type amount creditorId member { id } } } }
      premiumApplications { totalCount edges { node { member { id } } } }
    }`);
    expect(answer.body.errors).toBeUndefined();
    const data = answer.body.data!;
    expect(Object.fromEntries(Object.entries(data).map(([queue, page]) => [queue, page.totalCount]))).toEqual({
      claims: stats.claims,
      forms: stats.forms,
      publicUploads: stats.publicUploads,
      mergeRequests: stats.mergeRequests,
      mandates: stats.mandates,
      premiumApplications: stats.premiumApplications,
    });
    const claims = data.claims!.edges.map((e) => e.node as { status: string; entitlement: number; tax: number; definiteDate: string | null; daysLeft: number });
    expect(claims.map((c) => c.status).sort()).toEqual(['CHECKED', 'CHECKING', 'NEW']);
    for (const claim of claims) {
      expect(claim.entitlement).toBeGreaterThan(0);
      expect(claim.tax).toBe(payoutTaxCents(claim.entitlement));
      expect(claim.daysLeft).toBeGreaterThan(0);
      expect(claim.definiteDate !== null).toBe(claim.status === 'CHECKED');
    }
    expect(data.forms!.edges.map((e) => e.node.kind).sort()).toEqual(['BANK_DATA', 'PENSION_CALL']);
    expect(data.publicUploads!.edges[0]!.node.files).toEqual([{ fileName: 'meldezettel.pdf', contentType: 'application/pdf' }]);
    expect(data.mandates!.edges.map((e) => e.node.creditorId)).toEqual(['AT67ZZZ00000045678', 'AT67ZZZ00000045678']);
    // Generated members only (first.last.lfn@example.at), never a persona the guides sign in as.
    const memberIds = ['forms', 'mergeRequests', 'mandates', 'premiumApplications'].flatMap((queue) => data[queue]!.edges.map((e) => Number(e.node.member!.id)));
    const claimants = await sqlAll<{ id: number }>(server.db, "SELECT person_id AS id FROM severance_claims WHERE status IN ('NEW', 'CHECKING', 'CHECKED')");
    const ids = [...memberIds, ...claimants.map((c) => Number(c.id))];
    expect(ids).toHaveLength(9);
    const emails = await sqlAll<{ email: string }>(server.db, `SELECT email FROM persons WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids);
    for (const { email } of emails) expect(email).toMatch(/^[^.@]+\.[^.@]+\.\d+@example\.at$/);
  });

  it('gives the regional tenant, which runs no Pensionskasse, the claims alone', async () => {
    const regional = await startTestServer({ members: 60, env: { TENANT: 'regional' } });
    try {
      const added = await seedWorkbenchDemo(regional.db, { tenant: 'regional', today: isoDateVienna(regional.clock.now()), creditorId: 'AT67ZZZ00000045678' });
      expect(added).toEqual({ claims: 3, forms: 0, publicUploads: 0, mergeRequests: 0, mandates: 0, premiumApplications: 0 });
    } finally {
      await regional.close();
    }
  });
});
