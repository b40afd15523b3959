import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { buildSchema, getNamedType, isInputObjectType, isObjectType, parse, validate, type GraphQLArgument, type GraphQLInputField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadTypeDefs } from '../../server/graphql/schema';
import { LOGIN_PRODUCT_METHOD, REST_METHODS } from '../../server/rest/registry';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { generatedMemberEmail, sqlAll, sqlGet, sqlOne, sqlRun } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { MATRIX_DOORS, NO_OBJECT_ID, type Door, type DoorRequest, type MemberObjects } from './access-matrix.registry';

/**
 * Cross-member access matrix (issue "Security and reliability baseline", item 3; README "every store query for member
 * data starts from the session's person id"). Members A (anna.muster), B (a generated member of both funds in another
 * VRG) and C (emil.dienst, a contact person) each own messages, documents, statements, claims, mandates, bank accounts,
 * service duties and profile data (rows the seed lacks are inserted here, each with a distinctive marker). For every
 * door of access-matrix.registry.ts, one member's session asks for another member's objects, in random pairs
 * (fast-check, MATRIX_RUNS, default 300) and in sequential walks around the owner's ids. Pass: no distinctive value of
 * the owner in any answer, and a foreign id answers byte for byte what a non-existent id answers. Without a session
 * every door answers the documented refusal (REST and download 406, GraphQL UNAUTHENTICATED), the same for a real and
 * a non-existent id.
 */

const RUNS = Number(process.env.MATRIX_RUNS ?? 300);
/** Owner ids per door and pair in the sequential walk (the walk adds 3 to 6 neighbours to each). */
const WALK_IDS = 8;

interface Member extends MemberObjects {
  key: 'A' | 'B' | 'C';
  email: string;
  client: PortalClient;
  /** Distinctive values of this member (names, SVNR, e-mail, IBANs, numbers, markers, amounts). */
  secrets: string[];
  /** Everything this member may see of its own data, as text (to drop secrets another member shares by chance). */
  world: string;
}

let server: TestServer;
let members: Member[];
const stats = { doors: MATRIX_DOORS.length, walkRequests: 0, randomRequests: 0, identicalChecks: 0, noSessionRequests: 0, sweepRequests: 0 };

/** Sends one door request with `client` and returns what must not differ: status, the stable headers and the body. */
async function ask(client: PortalClient, request: DoorRequest): Promise<{ status: number; text: string; fingerprint: string }> {
  let res: Response;
  if (request.kind === 'graphql') {
    res = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: request.query, variables: request.variables }),
    });
  } else if (request.kind === 'rest') {
    res = await client.fetch(`/rest/${request.method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.json) });
  } else {
    res = await client.fetch(request.path);
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  // Volatile: Date; everything else the answer carries must be identical.
  const headers = ['content-type', 'content-length', 'content-disposition', 'cache-control', 'retry-after', 'set-cookie'].map((h) => `${h}: ${res.headers.get(h) ?? ''}`);
  const text = bytes.toString('latin1');
  return { status: res.status, text, fingerprint: `${res.status}\n${headers.join('\n')}\n\n${text}` };
}

/** The distinctive values of `owner` found in `text` (for a failure message that names them). */
function leaked(owner: Member, text: string): string[] {
  return owner.secrets.filter((s) => text.includes(s));
}

/** One probe; @returns true when the answer was compared byte for byte with the not-found answer. */
async function probe(door: Door, asker: Member, owner: Member, value: string): Promise<boolean> {
  const answer = await ask(asker.client, door.request(value, asker));
  expect(answer.status, `${door.name} ${value}`).toBeLessThan(500);
  expect(leaked(owner, answer.text), `${door.name}: ${asker.key} asked for ${owner.key}'s ${value}`).toEqual([]);
  if (door.compare === 'identical' && !door.ownedBy(asker, value)) {
    const notFound = await ask(asker.client, door.request(door.missing, asker));
    expect(answer.fingerprint, `${door.name}: ${asker.key} asked for ${owner.key}'s ${value}`).toBe(notFound.fingerprint);
    stats.identicalChecks++;
    return true;
  }
  return false;
}

const sql = <T>(query: string, ...params: unknown[]) => sqlAll<T>(server.db, query, ...params);

/** Rows the seed lacks, with markers: messages, a claim, a mandate, a bank account, two service duties. */
async function insertOwnedRows(personId: number, marker: string, ibanDigits: string): Promise<void> {
  const now = '2026-11-01T09:00:00.000Z';
  await sqlRun(
    server.db,
    `INSERT INTO messages (person_id, direction, counterpart, subject, body, origin, sent_at) VALUES (?, 'INBOUND', 'PENSION_FUND', ?, ?, 'CLERK', ?)`,
    personId,
    `Betreff ${marker}-NACHRICHT`,
    `Text ${marker}-NACHRICHTENTEXT`,
    now,
  );
  await sqlRun(
    server.db,
    `INSERT INTO messages (person_id, direction, counterpart, subject, body, origin, sent_at) VALUES (?, 'OUTBOUND', 'SEVERANCE_FUND', ?, ?, 'PORTAL', ?)`,
    personId,
    `Anfrage ${marker}-AUSGANG`,
    `Text ${marker}-AUSGANGTEXT`,
    now,
  );
  await sqlRun(
    server.db,
    `INSERT INTO bank_accounts (person_id, account_holder, bank_name, iban, bic, valid_from) VALUES (?, ?, ?, ?, 'GIBAATWWXXX', '2026-01-01')`,
    personId,
    `Inhaber ${marker}-KONTO`,
    `Bank ${marker}-BANK`,
    `AT61${ibanDigits}1`,
  );
  const vk = (await sqlGet(server.db, `SELECT id FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1`, personId)) as { id: number } | undefined;
  if (vk) {
    await sqlRun(
      server.db,
      `INSERT INTO severance_claims (person_id, account_id, option, institution_name, iban, bic, payout_type, street, postcode, city, country, status, submitted_at)
       VALUES (?, ?, 'PAYOUT', ?, ?, 'GIBAATWWXXX', 'BANK_TRANSFER', ?, '1010', 'Wien', 'AT', 'CHECKING', ?)`,
      personId,
      vk.id,
      `Institut ${marker}-ANSPRUCH`,
      `AT61${ibanDigits}2`,
      `Gasse ${marker}-ANSPRUCH 1`,
      now,
    );
  }
  const pk = (await sqlGet(server.db, `SELECT id FROM pk_contracts WHERE person_id = ? ORDER BY id LIMIT 1`, personId)) as { id: number } | undefined;
  if (pk) {
    await sqlRun(
      server.db,
      `INSERT INTO mandates (person_id, contract_id, type, amount_cents, iban, bic, account_owner, start_date, phone, mandate_reference, creditor_id, status, created_at)
       VALUES (?, ?, 'MONTHLY', ?, ?, 'GIBAATWWXXX', ?, '2026-12-01', '+43 1 555 0000', ?, 'AT98ZZZ00000012345', 'ACTIVE', ?)`,
      personId,
      pk.id,
      7_777_00 + personId,
      `AT61${ibanDigits}3`,
      `Zahler ${marker}-MANDAT`,
      `${marker}-MANDATSREFERENZ`,
      now,
    );
  }
  await sqlRun(
    server.db,
    `INSERT INTO uploads (id, person_id, purpose, file_name, content_type, size_bytes, content, created_at) VALUES (?, ?, 'inbox-attachment', ?, 'application/pdf', 40, ?, ?)`,
    randomBytes(16).toString('hex'),
    personId,
    `Datei ${marker}-UPLOAD.pdf`,
    Buffer.from(`%PDF-1.4 ${marker}-UPLOADINHALT`),
    now,
  );
  const messageId = ((await sqlGet(server.db, `SELECT id FROM messages WHERE person_id = ? AND direction = 'OUTBOUND' ORDER BY id DESC LIMIT 1`, personId)) as { id: number }).id;
  await sqlRun(
    server.db,
    `INSERT INTO message_attachments (message_id, file_name, content_type, size_bytes, content) VALUES (?, ?, 'application/pdf', 40, ?)`,
    messageId,
    `Anhang ${marker}-ANHANG.pdf`,
    Buffer.from(`%PDF-1.4 ${marker}-ANHANGINHALT`),
  );
  for (const n of [1, 2]) {
    await sqlRun(
      server.db,
      `INSERT INTO contact_duties (person_id, customer_designation, function_groups) VALUES (?, ?, ?)`,
      personId,
      `Kunde ${marker}-DIENST${n} GmbH`,
      JSON.stringify([`Gruppe ${marker}-FG${n}`, 'Lohnverrechnung']),
    );
  }
}

/**
 * A supervisory-board seat and a board message with an attachment (issue 14 item 6, decision 0026), for member A only:
 * the message and attachment doors then also probe board ids, which neither a member without a seat (B, C) nor the
 * owner's neighbours reach.
 */
async function insertBoardRows(personId: number, marker: string): Promise<void> {
  const now = '2026-11-01T09:00:00.000Z';
  await sqlRun(server.db, `INSERT INTO supervisory_board_seats (person_id, fund, since, until, imported_at) VALUES (?, 'SEVERANCE_FUND', '2020-01-01', NULL, ?)`, personId, now);
  const { id } = await sqlOne<{ id: number }>(
    server.db,
    `INSERT INTO messages (person_id, mailbox_kind, direction, counterpart, subject, body, origin, sent_at) VALUES (?, 'BOARD', 'INBOUND', 'SEVERANCE_FUND', ?, ?, 'CLERK', ?) RETURNING id`,
    personId,
    `Aufsichtsrat ${marker}-BOARD`,
    `Text ${marker}-BOARDTEXT`,
    now,
  );
  await sqlRun(
    server.db,
    `INSERT INTO message_attachments (message_id, file_name, content_type, size_bytes, content) VALUES (?, ?, 'application/pdf', 40, ?)`,
    id,
    `Sitzung ${marker}-BOARDANHANG.pdf`,
    Buffer.from(`%PDF-1.4 ${marker}-BOARDINHALT`),
  );
}

async function loadObjects(personId: number): Promise<MemberObjects> {
  const documents = await sql<{ id: number; documentDate: string }>(`SELECT id, document_date AS "documentDate" FROM documents WHERE person_id = ? ORDER BY id`, personId);
  return {
    personId,
    documentIds: documents.map((d) => d.id),
    documentDates: new Map(documents.map((d) => [d.id, d.documentDate])),
    pensionStichtage: (
      await sql<{ s: string }>(`SELECT DISTINCT s.stichtag AS s FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ?`, personId)
    ).map((r) => r.s),
    severanceStichtage: (
      await sql<{ s: string }>(`SELECT DISTINCT s.stichtag AS s FROM vk_statements s JOIN vk_accounts a ON a.id = s.account_id WHERE a.person_id = ?`, personId)
    ).map((r) => r.s),
    vrgs: (await sql<{ vrg: number }>(`SELECT DISTINCT vrg FROM pk_contracts WHERE person_id = ?`, personId)).map((r) => r.vrg),
    severanceAccountIds: (await sql<{ id: number }>(`SELECT id FROM vk_accounts WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    pensionContractIds: (await sql<{ id: number }>(`SELECT id FROM pk_contracts WHERE person_id = ? AND role = 'MEMBER' ORDER BY id`, personId)).map((r) => r.id),
    mandateIds: (await sql<{ id: number }>(`SELECT id FROM mandates WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    duties: (
      await sql<{ id: number; customerDesignation: string; functionGroups: string | string[] }>(
        `SELECT id, customer_designation AS "customerDesignation", function_groups AS "functionGroups" FROM contact_duties WHERE person_id = ? ORDER BY id`,
        personId,
      )
    ).map((d) => ({ ...d, functionGroups: (typeof d.functionGroups === 'string' ? JSON.parse(d.functionGroups) : d.functionGroups) as string[] })),
    uploadIds: (await sql<{ id: string }>(`SELECT id FROM uploads WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    messageIds: (await sql<{ id: number }>(`SELECT id FROM messages WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    attachmentIds: (await sql<{ id: number }>(`SELECT a.id FROM message_attachments a JOIN messages m ON m.id = a.message_id WHERE m.person_id = ? ORDER BY a.id`, personId)).map(
      (r) => r.id,
    ),
  };
}

/** Distinctive values of a person, straight from the database. */
async function secretsOf(personId: number, marker: string): Promise<string[]> {
  const p = (await sql<Record<string, string | null>>(`SELECT svnr, first_name, last_name, email, phone, street FROM persons WHERE id = ?`, personId))[0]!;
  const values = [marker, p.svnr, `${p.first_name} ${p.last_name}`, p.last_name, p.email, p.phone, p.street];
  values.push(
    ...(
      await sql<{ v: string }>(
        `SELECT iban AS v FROM bank_accounts WHERE person_id = ? UNION SELECT iban FROM severance_claims WHERE person_id = ? UNION SELECT iban FROM mandates WHERE person_id = ?`,
        personId,
        personId,
        personId,
      )
    ).map((r) => r.v),
  );
  values.push(
    ...(
      await sql<{ v: string }>(
        `SELECT contract_number AS v FROM pk_contracts WHERE person_id = ? UNION SELECT account_number FROM vk_accounts WHERE person_id = ?`,
        personId,
        personId,
      )
    ).map((r) => r.v),
  );
  values.push(
    ...(await sql<{ v: string }>(`SELECT subject AS v FROM messages WHERE person_id = ? UNION SELECT body FROM messages WHERE person_id = ?`, personId, personId)).map((r) => r.v),
  );
  values.push(...(await sql<{ v: string }>(`SELECT file_name AS v FROM uploads WHERE person_id = ?`, personId)).map((r) => r.v));
  values.push(
    ...(await sql<{ v: string }>(`SELECT a.file_name AS v FROM message_attachments a JOIN messages m ON m.id = a.message_id WHERE m.person_id = ?`, personId)).map((r) => r.v),
  );
  // Amounts as strings (cents, as GraphQL and REST answer them): the statements' totals of six digits or more.
  values.push(
    ...(
      await sql<{ v: number }>(
        `SELECT s.total_capital_cents AS v FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ?
       UNION SELECT s.reserve_cents FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ?
       UNION SELECT s.total_entitlement_cents FROM vk_statements s JOIN vk_accounts a ON a.id = s.account_id WHERE a.person_id = ?
       UNION SELECT amount_cents FROM mandates WHERE person_id = ?`,
        personId,
        personId,
        personId,
        personId,
      )
    )
      .filter((r) => Math.abs(r.v) >= 100_000)
      .map((r) => String(r.v)),
  );
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length >= 4))];
}

/** What a member's own session may read without naming an object: its whole own world (for the sweep and the filter). */
const OWN_READS: DoorRequest[] = [
  {
    kind: 'graphql',
    query: `query Matrix_World { me { id svnr firstName lastName email phone birthDate address { street postcode city country poBox } preferences { newsletterPk newsletterVk benefitStatementDigital accountStatementByMail notifyWhenPayoutPossible }
      unreadMessageCount unreadDocumentCount documentCounts { category total unread } documents(first: 200) { totalCount nodes { id title fileName documentDate } }
      pensionContracts { id contractNumber vrg vrgName monthlyPension employer { name } customer { name } stichtage statements { stichtag reserve fluctuationReserve totalCapital employerContributions employeeContributions employerTransfers employeeTransfers premium108a investmentResult costs pensionPayments shortfall projectedYearlyPension } }
      severanceAccounts { id accountNumber employer { name } stichtage statements { stichtag totalEntitlement guaranteedCapital paidOutTotal contributions transfersIn administrationCosts svCarrierCosts investmentResult payout loyaltyBonus surplusShare } } }
      serviceDuties { id customerDesignation functionGroups } postLoginQuestions { __typename } }`,
    variables: {},
  },
  { kind: 'rest', method: 'getPersonalData', json: {} },
  { kind: 'rest', method: 'getAspDuties', json: {} },
  { kind: 'rest', method: 'getNewsletterDecisionNecessary', json: {} },
];

beforeAll(async () => {
  server = await startTestServer({ members: 20 });
  const anna = (await sql<{ id: number }>(`SELECT id FROM persons WHERE email = 'anna.muster@example.at'`))[0]!.id;
  const emil = (await sql<{ id: number }>(`SELECT id FROM persons WHERE email = 'emil.dienst@example.at'`))[0]!.id;
  const annaVrgs = (await loadObjects(anna)).vrgs;
  // B: a generated member of both funds, in another VRG than A, with the most documents, who logs in straight away.
  const candidates = await sql<{ id: number; email: string }>(
    `SELECT p.id, p.email FROM persons p JOIN credentials c ON c.person_id = p.id
      WHERE ${generatedMemberEmail(server.db, 'p.email')} AND c.access_status = 'ACTIVE' AND p.membership_status = 'ACTIVE'
        AND EXISTS (SELECT 1 FROM vk_accounts a WHERE a.person_id = p.id)
        AND EXISTS (SELECT 1 FROM pk_contracts k WHERE k.person_id = p.id AND k.vrg NOT IN (${annaVrgs.join(',')}))
      ORDER BY (SELECT count(*) FROM documents d WHERE d.person_id = p.id) DESC`,
  );
  const chosen: { key: Member['key']; id: number; email: string }[] = [
    { key: 'A', id: anna, email: 'anna.muster@example.at' },
    { key: 'C', id: emil, email: 'emil.dienst@example.at' },
  ];
  for (const candidate of candidates) {
    const client = new PortalClient(server.url);
    const status = (await client.rest('login', { user: candidate.email, password: DEMO_PASSWORD })).json?.status as string;
    if (status?.startsWith('SUCCESSFUL')) {
      chosen.splice(1, 0, { key: 'B', id: candidate.id, email: candidate.email });
      break;
    }
  }
  expect(chosen.map((c) => c.key)).toEqual(['A', 'B', 'C']);
  members = [];
  for (const [i, c] of chosen.entries()) {
    const marker = `${c.key}GEHEIM${(0x5a17 + i * 7919).toString(16).toUpperCase()}`;
    await insertOwnedRows(c.id, marker, `${String(i + 1).repeat(3)}${String(c.id).padStart(12, '0')}`);
    if (c.key === 'A') await insertBoardRows(c.id, marker);
    const client = new PortalClient(server.url);
    const login = await client.rest('login', { user: c.email, password: DEMO_PASSWORD });
    expect(String(login.json?.status)).toMatch(/^SUCCESSFUL/);
    members.push({ ...(await loadObjects(c.id)), key: c.key, email: c.email, client, secrets: await secretsOf(c.id, marker), world: '' });
  }
  for (const m of members) {
    const own = await Promise.all(OWN_READS.map((r) => ask(m.client, r)));
    const vrgs = await Promise.all(m.vrgs.map((v) => ask(m.client, MATRIX_DOORS.find((d) => d.name.startsWith('Query.vrgInvestment'))!.request(String(v)))));
    m.world = [...own, ...vrgs].map((a) => a.text).join('\n');
    for (const s of m.secrets.slice(0, 2)) expect(m.world, `${m.key} sees its own ${s}`).toContain(s);
  }
  // A secret of one member that another member's own data happens to contain (a shared employer, an equal amount) is
  // not distinctive: drop it from the owner's list.
  for (const owner of members) owner.secrets = owner.secrets.filter((s) => members.every((other) => other === owner || !other.world.includes(s)));
}, 120_000);

afterAll(async () => {
  await server.close();
  console.info(`access matrix: ${JSON.stringify(stats)}`);
});

describe('access matrix: completeness', () => {
  const schema = buildSchema(loadTypeDefs().join('\n'));
  const known = new Set([...MATRIX_DOORS.flatMap((d) => d.covers), ...Object.keys(NO_OBJECT_ID)]);
  const idLike = (x: GraphQLArgument | GraphQLInputField) => getNamedType(x.type).name === 'ID' || /^id$|Id$|^stichtag$|^vrg$/i.test(x.name);

  it('lists every GraphQL argument and input field that names an object, and every root operation with arguments', () => {
    const found: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      if (isObjectType(type)) {
        const root = type.name === 'Query' || type.name === 'Mutation';
        for (const field of Object.values(type.getFields())) {
          if (root && field.args.length > 0) found.push(`${type.name}.${field.name}`);
          for (const arg of field.args) if (idLike(arg)) found.push(`${type.name}.${field.name}(${arg.name}:)`);
        }
      }
      if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) if (idLike(field)) found.push(`${type.name}.${field.name}`);
    }
    expect(found.length).toBeGreaterThan(5);
    expect(
      found.filter((c) => !known.has(c)),
      'add each to MATRIX_DOORS or NO_OBJECT_ID in tests/security/access-matrix.registry.ts',
    ).toEqual([]);
  });

  it('lists every REST method that takes a body, and every body key that names an object', () => {
    const found: string[] = [];
    for (const method of [...REST_METHODS, LOGIN_PRODUCT_METHOD]) {
      const keys = method.input instanceof z.ZodObject ? Object.keys(method.input.shape) : [];
      if (keys.length > 0) found.push(`rest:${method.name}`);
      for (const key of keys) if (/^id$|Id$|^stichtag$|^vrg$/i.test(key)) found.push(`rest:${method.name}.${key}`);
    }
    expect(found).toContain('rest:setSelectedAspDuty.id');
    expect(
      found.filter((c) => !known.has(c)),
      'add each to MATRIX_DOORS or NO_OBJECT_ID in tests/security/access-matrix.registry.ts',
    ).toEqual([]);
  });

  it('keeps every door’s GraphQL request valid against the schema', () => {
    for (const door of MATRIX_DOORS) {
      const request = door.request(door.missing);
      if (request.kind === 'graphql')
        expect(
          validate(schema, parse(request.query)).map((e) => e.message),
          door.name,
        ).toEqual([]);
    }
  });
});

describe('access matrix: one member asks for another member’s objects', () => {
  it('gives every member objects of each kind the doors name (the matrix is not empty)', () => {
    for (const m of members) {
      expect(m.documentIds.length, m.key).toBeGreaterThan(0);
      expect(m.duties.length, m.key).toBeGreaterThanOrEqual(2);
      expect(m.severanceStichtage.length + m.pensionStichtage.length, m.key).toBeGreaterThan(0);
      expect(m.secrets.length, m.key).toBeGreaterThan(8);
    }
    // The three differ where it matters: B is in another VRG and owns statements at dates A has none.
    const [a, b] = members;
    expect(b!.vrgs.some((v) => !a!.vrgs.includes(v))).toBe(true);
  });

  it.each(MATRIX_DOORS.map((d) => [d.name, d] as const))(
    '%s: sequential walks around the other members’ ids',
    async (_name, door) => {
      let compared = 0;
      for (const asker of members) {
        for (const owner of members) {
          if (owner === asker) continue;
          const ids = door.idsOf(owner);
          // Evenly spread over the owner's ids, so the walk also reaches ids far from the asker's own.
          const picked = ids.length <= WALK_IDS ? ids : Array.from({ length: WALK_IDS }, (_, i) => ids[Math.floor((i * ids.length) / WALK_IDS)]!);
          for (const id of picked) {
            for (const value of [id, ...door.walk(id)]) {
              if (await probe(door, asker, owner, value)) compared++;
              stats.walkRequests++;
            }
          }
        }
      }
      // Foreign objects were really asked for (not only the asker's own, which answer the asker's data).
      if (door.compare === 'identical') expect(compared).toBeGreaterThan(10);
    },
    300_000,
  );

  it('random pairs of asker, owner, door and object (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MATRIX_DOORS),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 2 }),
        fc.nat(),
        fc.option(fc.nat(), { nil: undefined }),
        async (door, askerIndex, offset, pick, walkPick) => {
          const asker = members[askerIndex]!;
          const owner = members[(askerIndex + offset) % 3]!;
          const ids = door.idsOf(owner);
          if (ids.length === 0) return;
          const id = ids[pick % ids.length]!;
          const walk = door.walk(id);
          const value = walkPick === undefined || walk.length === 0 ? id : walk[walkPick % walk.length]!;
          await probe(door, asker, owner, value);
          stats.randomRequests++;
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('shows no other member’s data in any answer without an id (profile, duties, questions, documents, statements)', async () => {
    for (const asker of members) {
      for (const request of OWN_READS) {
        const answer = await ask(asker.client, request);
        stats.sweepRequests++;
        expect(answer.status).toBe(200);
        for (const owner of members) if (owner !== asker) expect(leaked(owner, answer.text), `${asker.key} reads ${JSON.stringify(request).slice(0, 60)}`).toEqual([]);
      }
    }
  });
});

describe('access matrix: without a session', () => {
  it.each(MATRIX_DOORS.map((d) => [d.name, d] as const))('%s answers the documented refusal, the same for a real and a missing id', async (_name, door) => {
    const anonymous = new PortalClient(server.url);
    const real = door.idsOf(members[1]!)[0]!;
    const answers = [await ask(anonymous, door.request(real)), await ask(anonymous, door.request(door.missing))];
    stats.noSessionRequests += 2;
    for (const answer of answers) {
      if ('status' in door.withoutSession) expect(answer.status).toBe(door.withoutSession.status);
      else expect((JSON.parse(answer.text) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      for (const owner of members) expect(leaked(owner, answer.text)).toEqual([]);
    }
    expect(answers[0]!.fingerprint).toBe(answers[1]!.fingerprint);
  });
});
