import fc from 'fast-check';
import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { generatedMemberEmail, sqlAll } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { operationRequest, type Door, type DoorRequest, type MemberObjects } from './access-matrix.kit';
import { insertBoardRows, insertOwnedRows, loadObjects, secretsOf } from './access-matrix.members';
import { MATRIX_DOORS } from './access-matrix.registry';

/**
 * Cross-member access matrix (docs/security.md; README "every store query for member
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

const texts = new WeakMap<DocumentNode, string>();
/** The printed text of a door's operation, printed once. */
function printed(document: DocumentNode): string {
  let text = texts.get(document);
  if (text === undefined) {
    text = print(document);
    texts.set(document, text);
  }
  return text;
}

/** Sends one door request with `client` and returns what must not differ: status, the stable headers and the body. */
async function ask(client: PortalClient, request: DoorRequest): Promise<{ status: number; text: string; fingerprint: string }> {
  let res: Response;
  if (request.kind === 'graphql') {
    // The typed operation as text, sent over fetch: the matrix compares the whole answer (status, headers, bytes).
    res = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: printed(request.document), variables: request.variables }),
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

const WORLD = graphql(`
  query Matrix_World {
    me {
      id
      svnr
      firstName
      lastName
      email
      phone
      birthDate
      ...AddressSection_PersonFragment
      preferences {
        newsletterPk
        newsletterVk
        benefitStatementDigital
        accountStatementByMail
        notifyWhenPayoutPossible
      }
      unreadMessageCount
      unreadDocumentCount
      documentCounts {
        category
        total
        unread
      }
      documents(first: 200) {
        totalCount
        nodes {
          id
          title
          fileName
          documentDate
        }
      }
      pensionContracts {
        id
        contractNumber
        vrg
        vrgName
        monthlyPension
        employer {
          name
        }
        customer {
          name
        }
        stichtage
        statements {
          ...PensionStatementTables_PensionStatementFragment
        }
      }
      severanceAccounts {
        id
        accountNumber
        employer {
          name
        }
        stichtage
        statements {
          ...SeveranceStatementTables_SeveranceStatementFragment
        }
      }
    }
    serviceDuties {
      id
      customerDesignation
      functionGroups
    }
    postLoginQuestions {
      __typename
    }
  }
`);

/** What a member's own session may read without naming an object: its whole own world (for the sweep and the filter). */
const OWN_READS: DoorRequest[] = [
  operationRequest(WORLD, {}),
  { kind: 'rest', method: 'getPersonalData', json: {} },
  { kind: 'rest', method: 'getAspDuties', json: {} },
  { kind: 'rest', method: 'getNewsletterDecisionNecessary', json: {} },
];

beforeAll(async () => {
  server = await startTestServer({ members: 20 });
  const anna = (await sql<{ id: number }>('SELECT id FROM persons WHERE email = ?', emailOf('anna')))[0]!.id;
  const emil = (await sql<{ id: number }>('SELECT id FROM persons WHERE email = ?', emailOf('emil')))[0]!.id;
  const annaVrgs = (await loadObjects(server.db, anna)).vrgs;
  // B: a generated member of both funds, in another VRG than A, with the most documents, who logs in straight away.
  const candidates = await sql<{ id: number; email: string }>(
    `SELECT p.id, p.email FROM persons p JOIN credentials c ON c.person_id = p.id
      WHERE ${generatedMemberEmail(server.db, 'p.email')} AND c.access_status = 'ACTIVE' AND p.membership_status = 'ACTIVE'
        AND EXISTS (SELECT 1 FROM vk_accounts a WHERE a.person_id = p.id)
        AND EXISTS (SELECT 1 FROM pk_contracts k WHERE k.person_id = p.id AND k.vrg NOT IN (${annaVrgs.join(',')}))
      ORDER BY (SELECT count(*) FROM documents d WHERE d.person_id = p.id) DESC`,
  );
  const chosen: { key: Member['key']; id: number; email: string }[] = [
    { key: 'A', id: anna, email: emailOf('anna') },
    { key: 'C', id: emil, email: emailOf('emil') },
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
    await insertOwnedRows(server.db, c.id, marker, `${String(i + 1).repeat(3)}${String(c.id).padStart(12, '0')}`);
    if (c.key === 'A') await insertBoardRows(server.db, c.id, marker);
    const client = new PortalClient(server.url);
    const login = await client.rest('login', { user: c.email, password: DEMO_PASSWORD });
    expect(String(login.json?.status)).toMatch(/^SUCCESSFUL/);
    members.push({ ...(await loadObjects(server.db, c.id)), key: c.key, email: c.email, client, secrets: await secretsOf(server.db, c.id, marker), world: '' });
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
        for (const owner of members)
          if (owner !== asker)
            expect(leaked(owner, answer.text), `${asker.key} reads ${request.kind === 'graphql' ? 'Matrix_World' : JSON.stringify(request).slice(0, 60)}`).toEqual([]);
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
