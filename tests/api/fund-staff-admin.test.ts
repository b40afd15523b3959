import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { severanceClaims } from '../../db/schema';
import { payoutClaimRow } from '../helpers/fund-claim-rows';
import { createFundTestClient } from '../helpers/fund-client';
import { runFund } from '../helpers/fund-command';
import { STAFF_TEST_PASSWORD, staffTestSession, totpCodeOf, type StaffTestSession } from '../helpers/fund-staff';
import { sqlAll, sqlValue } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The ADMIN manages staff accounts at /fund/graphql (decision 0059) with the CLI's service: list, create (the initial
 * password and TOTP URI shown once, never in the trail), disable (sessions end), reset a sign-in (decision 0072); the scope `staff:admin` is the
 * ADMIN's alone and no machine client can be granted it; the auditor's trail shows names and, for setClaimStatus,
 * the claim's member and its state before.
 */
let server: TestServer;
let admin: StaffTestSession;

const PEOPLE = '{ staffPeople { id email name role lastSignInAt disabledAt isSelf } }';
const CREATE = `mutation($input: CreateStaffPersonInput!) { createStaffPerson(input: $input) { ok { person { id email role lastSignInAt } initialPassword totpUri } error { code field } } }`;
const DISABLE = `mutation($id: Int!) { disableStaffPerson(id: $id) { ok { id disabledAt } error { code } } }`;
type Created = {
  ok: { person: { id: number; email: string; role: string; lastSignInAt: string | null }; initialPassword: string; totpUri: string } | null;
  error: { code: string; field: string } | null;
};

beforeAll(async () => {
  server = await startTestServer({ members: 1 });
  admin = await staffTestSession(server, 'ADMIN', 'admin@fund.example', 'Adele Admin');
});
afterAll(async () => {
  await server.close();
});

describe('staff accounts in the workbench (ADMIN)', () => {
  it('creates a clerk who signs in with the shown password and code; the list shows role, status and last sign-in; disabling ends the session', async () => {
    const created = await admin.query<{ createStaffPerson: Created }>(CREATE, { input: { email: 'Neu@Fund.example', name: 'Nora Neu', role: 'CLERK' } });
    const ok = created.body.data!.createStaffPerson.ok!;
    expect(ok.person).toMatchObject({ email: 'neu@fund.example', role: 'CLERK', lastSignInAt: null });
    expect(ok.initialPassword).toHaveLength(24);
    expect(ok.totpUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);

    const clerk = await staffTestSession(server, 'CLERK', 'neu@fund.example', 'Nora Neu', ok);
    expect((await clerk.query('{ events(first: 1) { pageInfo { hasNextPage } } }')).status).toBe(200);
    const people = await admin.query<{ staffPeople: { id: number; email: string; role: string; lastSignInAt: string | null; disabledAt: string | null }[] }>(PEOPLE);
    expect(people.body.data!.staffPeople.find((p) => p.email === 'neu@fund.example')).toMatchObject({
      role: 'CLERK',
      disabledAt: null,
      lastSignInAt: expect.stringMatching(/^\d{4}-/),
    });

    const disabled = await admin.query<{ disableStaffPerson: { ok: { id: number; disabledAt: string } | null } }>(DISABLE, { id: ok.person.id });
    expect(disabled.body.data!.disableStaffPerson.ok).toMatchObject({ id: ok.person.id, disabledAt: expect.stringMatching(/^\d{4}-/) });
    expect((await clerk.query('{ events(first: 1) { pageInfo { hasNextPage } } }')).status).toBe(401);
    const again = await admin.query<{ disableStaffPerson: { error: { code: string } } }>(DISABLE, { id: ok.person.id });
    expect(again.body.data!.disableStaffPerson.error.code).toBe('ALREADY_DISABLED');
    const own = people.body.data!.staffPeople as unknown as { id: number; isSelf: boolean }[];
    expect(own.filter((p) => p.isSelf).map((p) => p.id)).toEqual([admin.staffId]);
    const self = await admin.query<{ disableStaffPerson: { error: { code: string } } }>(DISABLE, { id: admin.staffId });
    expect(self.body.data!.disableStaffPerson.error.code).toBe('SELF');
  });

  it("resets a clerk's sign-in (decision 0072): new password and code secret shown once, the old ones and the session end; refusals change nothing", async () => {
    const clerk = await staffTestSession(server, 'CLERK', 'verloren@fund.example', 'Lotte Verloren');
    const RESET = `mutation($id: Int!) { resetStaffSignIn(id: $id) { ok { person { id email lockedUntil } initialPassword totpUri } error { code field } } }`;
    const reset = await admin.query<{ resetStaffSignIn: { ok: Created['ok']; error: unknown } }>(RESET, { id: clerk.staffId });
    const ok = reset.body.data!.resetStaffSignIn.ok!;
    expect(ok.person).toMatchObject({ id: clerk.staffId, email: 'verloren@fund.example' });
    expect(ok.initialPassword).toHaveLength(24);
    expect(ok.totpUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    // The old session ends at once; the old password no longer signs in.
    expect((await clerk.query('{ events(first: 1) { pageInfo { hasNextPage } } }')).status).toBe(401);
    const old = await fetch(`${server.url}/fund/staff/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'verloren@fund.example', password: STAFF_TEST_PASSWORD, code: totpCodeOf(server, ok.totpUri) }),
    });
    expect(old.status).toBe(401);
    // The shown password and code secret sign in (and must be replaced at once, as after creation).
    server.clock.advance(30_000);
    const again = await staffTestSession(server, 'CLERK', 'verloren@fund.example', 'Lotte Verloren', ok);
    expect((await again.query('{ events(first: 1) { pageInfo { hasNextPage } } }')).status).toBe(200);
    // The trail records the action without the secrets.
    const [row] = await sqlAll<{ after: string; target: string }>(server.db, "SELECT after, target FROM staff_audit WHERE what = 'resetStaffSignIn' ORDER BY id DESC LIMIT 1");
    expect(row!.target).toBe(`staff:${clerk.staffId}`);
    expect(row!.after).not.toContain(ok.initialPassword);
    expect(row!.after).not.toContain(new URL(ok.totpUri).searchParams.get('secret')!);

    // The operator command does the same (for an ADMIN who lost their own authenticator).
    const cli = await runFund(server, ['staff', 'reset', '--email', 'Verloren@Fund.example']);
    expect(cli.status).toBe(0);
    const printed = JSON.parse(cli.stdout) as { email: string; initialPassword: string; totpUri: string };
    expect(printed).toMatchObject({ email: 'verloren@fund.example', initialPassword: expect.any(String), totpUri: expect.stringMatching(/^otpauth:/) });
    expect(printed.initialPassword).not.toBe(ok.initialPassword);
    expect((await again.query('{ events(first: 1) { pageInfo { hasNextPage } } }')).status).toBe(401);
    expect(await runFund(server, ['staff', 'reset', '--email', 'niemand@fund.example'])).toMatchObject({ status: 2, stderr: 'no active staff account niemand@fund.example\n' });

    const before = await sqlAll(server.db, 'SELECT id, password_hash, totp_secret FROM staff_accounts ORDER BY id');
    for (const [id, code] of [
      [987654, 'NOT_FOUND'],
      [admin.staffId, 'SELF'],
    ] as const) {
      const refused = await admin.query<{ resetStaffSignIn: { ok: unknown; error: { code: string; field: string } } }>(RESET, { id });
      expect(refused.body.data!.resetStaffSignIn).toEqual({ ok: null, error: { code, field: 'id' } });
    }
    await admin.query(DISABLE, { id: clerk.staffId });
    const disabled = await admin.query<{ resetStaffSignIn: { error: { code: string } } }>(RESET, { id: clerk.staffId });
    expect(disabled.body.data!.resetStaffSignIn.error.code).toBe('DISABLED');
    expect(await sqlAll(server.db, 'SELECT id, password_hash, totp_secret FROM staff_accounts ORDER BY id')).toEqual(before);
  });

  it('refuses bad input with a code and the field, creating nothing', async () => {
    const before = Number(await sqlValue(server.db, 'SELECT count(*) FROM staff_accounts'));
    const refusal = async (input: Record<string, unknown>) => (await admin.query<{ createStaffPerson: Created }>(CREATE, { input })).body.data!.createStaffPerson.error;
    expect(await refusal({ email: 'kein-mail', name: 'X', role: 'CLERK' })).toEqual({ code: 'EMAIL_INVALID', field: 'email' });
    expect(await refusal({ email: 'x@fund.example', name: '   ', role: 'CLERK' })).toEqual({ code: 'NAME_INVALID', field: 'name' });
    expect(await refusal({ email: 'x@fund.example', name: 'x'.repeat(101), role: 'CLERK' })).toEqual({ code: 'NAME_INVALID', field: 'name' });
    expect(await refusal({ email: 'admin@fund.example', name: 'Doppelt', role: 'CLERK' })).toEqual({ code: 'EMAIL_TAKEN', field: 'email' });
    const wrongRole = await admin.query(CREATE, { input: { email: 'y@fund.example', name: 'Y', role: 'ROOT' } });
    expect(wrongRole.body.errors?.length).toBeGreaterThan(0);
    expect(Number(await sqlValue(server.db, 'SELECT count(*) FROM staff_accounts'))).toBe(before);
  });

  it('only the ADMIN holds staff:admin: other roles get 403, no machine client can be granted it, and the ADMIN reads no member data', async () => {
    const clerk = await staffTestSession(server, 'CLERK', 'c2@fund.example');
    expect((await clerk.query(PEOPLE)).status).toBe(403);
    await expect(createFundTestClient(server, 'staff:admin')).rejects.toThrow();
    expect((await admin.query('{ claims(first: 1) { edges { cursor } } }')).status).toBe(403);
  });

  it('the trail never holds the shown password or code secret; it names staff and members', async () => {
    const rows = await sqlAll<{ after: string; target: string | null }>(server.db, "SELECT after, target FROM staff_audit WHERE what = 'createStaffPerson' AND target IS NOT NULL");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.after).not.toMatch(/otpauth|secret=/);
      expect(row.after).toContain('(shown once, not recorded)');
    }
    expect(rows[0]!.target).toMatch(/^staff:\d+$/);
    const auditor = await staffTestSession(server, 'AUDITOR', 'auditor@fund.example', 'Anton Auditor');
    const trail = await auditor.query<{ staffAudit: { edges: { node: { staffId: number; staffName: string; what: string } }[] } }>(
      'query($s: Int) { staffAudit(staffId: $s) { edges { node { staffId staffName what } } } }',
      { s: admin.staffId },
    );
    expect(trail.body.data!.staffAudit.edges[0]!.node).toMatchObject({ staffId: admin.staffId, staffName: 'Adele Admin' });
  });

  it("a setClaimStatus row names the claim's member and its state before, whatever the caller selected", async () => {
    const personId = Number(await sqlValue(server.db, 'SELECT person_id FROM vk_accounts ORDER BY id LIMIT 1'));
    const values = await payoutClaimRow(server.db, personId, { status: 'NEW', submittedAt: new Date(server.clock.now()).toISOString(), statusChangedAt: null });
    const [claim] = await writeTransaction(server.db, () => server.db.insert(severanceClaims).values(values).returning({ id: severanceClaims.id }));
    const clerk = await staffTestSession(server, 'CLERK', 'claims@fund.example', 'Kurt Klerk');
    const set = await clerk.query<{ setClaimStatus: { error: unknown } }>('mutation($i: SetClaimStatusInput!) { setClaimStatus(input: $i) { error { code } } }', {
      i: { claimId: String(claim!.id), status: 'CHECKING' },
    });
    expect(set.body.data!.setClaimStatus.error).toBeNull();
    const [row] = await sqlAll<{ person_id: number | null; target: string; before: string }>(
      server.db,
      "SELECT person_id, target, before FROM staff_audit WHERE what = 'setClaimStatus' AND staff_id = ? ORDER BY id DESC LIMIT 1",
      clerk.staffId,
    );
    expect(row).toMatchObject({ person_id: personId, target: `claim:${claim!.id}` });
    expect(JSON.parse(row!.before)).toMatchObject({ status: 'NEW' });
    const auditor = await staffTestSession(server, 'AUDITOR', 'auditor2@fund.example', 'Alma Auditorin');
    const trail = await auditor.query<{ staffAudit: { edges: { node: { what: string; staffName: string; memberName: string | null } }[] } }>(
      'query($p: Int) { staffAudit(personId: $p) { edges { node { what staffName memberName } } } }',
      { p: personId },
    );
    const action = trail.body.data!.staffAudit.edges.map((e) => e.node).find((n) => n.what === 'setClaimStatus');
    expect(action).toMatchObject({ staffName: 'Kurt Klerk', memberName: expect.stringMatching(/\S+ \S+/) });
  });

  it('a mutation whose resolver notes nothing is named from the event it wrote: member and record', async () => {
    const personId = Number(await sqlValue(server.db, 'SELECT id FROM persons ORDER BY id LIMIT 1'));
    const clerk = await staffTestSession(server, 'CLERK', 'messages@fund.example', 'Mia Message');
    const sent = await clerk.query<{ postMessage: { error: unknown } }>('mutation($i: PostMessageInput!) { postMessage(input: $i) { error { code } } }', {
      i: { personId: String(personId), subject: 'Ihre Unterlagen', text: 'Wir haben Ihre Unterlagen erhalten.' },
    });
    expect(sent.body.data!.postMessage.error).toBeNull();
    const [row] = await sqlAll<{ person_id: number | null; target: string | null; after: string }>(
      server.db,
      "SELECT person_id, target, after FROM staff_audit WHERE what = 'postMessage' AND staff_id = ? ORDER BY id DESC LIMIT 1",
      clerk.staffId,
    );
    expect(row).toMatchObject({ person_id: personId, target: expect.stringMatching(/^message\.sent:\d+$/) });
    expect((JSON.parse(row!.after) as { events: { type: string }[] }).events.map((e) => e.type)).toEqual(['message.sent']);
  });
});
