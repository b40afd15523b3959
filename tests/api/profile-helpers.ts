import { createHash } from 'node:crypto';
import type { PortalClient } from '../helpers/client';
import { generatedMemberEmail, sqlAll, sqlOne } from '../helpers/raw-sql';
import { emailOf, type Scenario } from '../helpers/scenarios';
import type { TestServer } from '../helpers/test-server';

/**
 * What the profile suites (profile.test.ts, profile-email-change.test.ts, profile-delete-access.test.ts) read from
 * the database: person ids, the change log (`profile_changes`) of a person, generated members to spend, and the
 * session hash a change-log row names.
 */

/** One `profile_changes` row, as stored. */
type ChangeRow = {
  area: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
  session_hash: string | null;
  ip_address: string | null;
  actor: string;
};

/** The person id of a scenario's persona. */
export const personIdOf = async (server: TestServer, scenario: Scenario) =>
  (await sqlOne<{ id: number }>(server.db, 'SELECT id FROM persons WHERE email = ?', emailOf(scenario))).id;

/** The change-log rows of a person, oldest first. */
export const changesOf = async (server: TestServer, personId: number) =>
  await sqlAll<ChangeRow>(server.db, 'SELECT * FROM profile_changes WHERE person_id = ? ORDER BY id', personId);

/** The SHA-256 (base64url) of the client's session cookie: what a change-log row stores as `session_hash`. */
export const sessionHashOf = (client: PortalClient) => createHash('sha256').update(client.cookies.get('mvbv_session')!).digest('base64url');

/**
 * A generated member with an active access (the demo personas have fixed addresses), picked by position: `order`
 * by person id, skipping `offset` members, each test its own member so lock and access states do not meet.
 */
export const generatedMember = async (server: TestServer, order: 'ASC' | 'DESC', offset: number, activeAccess = true) =>
  await sqlOne<{ id: number; email: string }>(
    server.db,
    `SELECT p.id, p.email FROM persons p JOIN credentials c ON c.person_id = p.id
     WHERE ${generatedMemberEmail(server.db, 'p.email')} AND p.membership_status = 'ACTIVE'${activeAccess ? ` AND c.access_status = 'ACTIVE'` : ''}
     ORDER BY p.id ${order} LIMIT 1 OFFSET ${offset}`,
  );
