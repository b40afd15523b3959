import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { sqlAll, sqlGet, sqlOne, sqlRun } from '../helpers/raw-sql';
import type { MemberObjects } from './access-matrix.kit';

/**
 * The members of the cross-member access matrix (tests/security/access-matrix.test.ts), from the test database: the
 * rows the seed lacks, inserted with a distinctive marker per member; the objects each member owns (the doors' probe
 * values); and the distinctive values ("secrets") that must not appear in another member's answers.
 */

/** Rows the seed lacks, with markers: messages, a claim, a mandate, a bank account, a passkey, two service duties. */
export async function insertOwnedRows(db: Db, personId: number, marker: string, ibanDigits: string): Promise<void> {
  const now = '2026-11-01T09:00:00.000Z';
  await sqlRun(
    db,
    `INSERT INTO messages (person_id, direction, counterpart, subject, body, origin, sent_at) VALUES (?, 'INBOUND', 'PENSION_FUND', ?, ?, 'CLERK', ?)`,
    personId,
    `Betreff ${marker}-NACHRICHT`,
    `Text ${marker}-NACHRICHTENTEXT`,
    now,
  );
  await sqlRun(
    db,
    `INSERT INTO messages (person_id, direction, counterpart, subject, body, origin, sent_at) VALUES (?, 'OUTBOUND', 'SEVERANCE_FUND', ?, ?, 'PORTAL', ?)`,
    personId,
    `Anfrage ${marker}-AUSGANG`,
    `Text ${marker}-AUSGANGTEXT`,
    now,
  );
  await sqlRun(
    db,
    `INSERT INTO bank_accounts (person_id, account_holder, bank_name, iban, bic, valid_from) VALUES (?, ?, ?, ?, 'GIBAATWWXXX', '2026-01-01')`,
    personId,
    `Inhaber ${marker}-KONTO`,
    `Bank ${marker}-BANK`,
    `AT61${ibanDigits}1`,
  );
  const vk = (await sqlGet(db, `SELECT id FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1`, personId)) as { id: number } | undefined;
  if (vk) {
    await sqlRun(
      db,
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
  const pk = (await sqlGet(db, `SELECT id FROM pk_contracts WHERE person_id = ? ORDER BY id LIMIT 1`, personId)) as { id: number } | undefined;
  if (pk) {
    await sqlRun(
      db,
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
    db,
    `INSERT INTO uploads (id, person_id, purpose, file_name, content_type, size_bytes, content, created_at) VALUES (?, ?, 'inbox-attachment', ?, 'application/pdf', 40, ?, ?)`,
    randomBytes(16).toString('hex'),
    personId,
    `Datei ${marker}-UPLOAD.pdf`,
    Buffer.from(`%PDF-1.4 ${marker}-UPLOADINHALT`),
    now,
  );
  const messageId = ((await sqlGet(db, `SELECT id FROM messages WHERE person_id = ? AND direction = 'OUTBOUND' ORDER BY id DESC LIMIT 1`, personId)) as { id: number }).id;
  await sqlRun(
    db,
    `INSERT INTO message_attachments (message_id, file_name, content_type, size_bytes, content) VALUES (?, ?, 'application/pdf', 40, ?)`,
    messageId,
    `Anhang ${marker}-ANHANG.pdf`,
    Buffer.from(`%PDF-1.4 ${marker}-ANHANGINHALT`),
  );
  // Two data archives (decision 0052): a READY one (its file is never needed: no door reaches it without the owner's
  // unlock) and a PENDING one.
  // Ready the day before the test server's day (TEST_TODAY), so it is within its 7 days.
  await sqlRun(
    db,
    `INSERT INTO data_exports (person_id, status, requested_at, ready_at, expires_at, storage_key, byte_size) VALUES (?, 'READY', ?, ?, ?, ?, 22)`,
    personId,
    '2026-11-21T08:00:00.000Z',
    '2026-11-21T09:00:00.000Z',
    '2026-11-28T09:00:00.000Z',
    `matrix-${marker}.zip`,
  );
  await sqlRun(db, `INSERT INTO data_exports (person_id, status, requested_at) VALUES (?, 'PENDING', ?)`, personId, now);
  await sqlRun(
    db,
    `INSERT INTO passkeys (person_id, credential_id, public_key, counter, user_handle, transports, rp_id, name, created_at) VALUES (?, ?, ?, 0, ?, ?, '127.0.0.1', ?, ?)`,
    personId,
    randomBytes(32).toString('base64url'),
    randomBytes(77).toString('base64url'),
    randomBytes(16).toString('base64url'),
    JSON.stringify(['internal']),
    `Passkey ${marker}-PASSKEY`,
    now,
  );
  for (const n of [1, 2]) {
    await sqlRun(
      db,
      `INSERT INTO contact_duties (person_id, customer_designation, function_groups) VALUES (?, ?, ?)`,
      personId,
      `Kunde ${marker}-DIENST${n} GmbH`,
      JSON.stringify([`Gruppe ${marker}-FG${n}`, 'Lohnverrechnung']),
    );
  }
}

/**
 * A supervisory-board seat and a board message with an attachment (decision 0026), for member A only:
 * the message and attachment doors then also probe board ids, which neither a member without a seat (B, C) nor the
 * owner's neighbours reach.
 */
export async function insertBoardRows(db: Db, personId: number, marker: string): Promise<void> {
  const now = '2026-11-01T09:00:00.000Z';
  await sqlRun(db, `INSERT INTO supervisory_board_seats (person_id, fund, since, until, imported_at) VALUES (?, 'SEVERANCE_FUND', '2020-01-01', NULL, ?)`, personId, now);
  const { id } = await sqlOne<{ id: number }>(
    db,
    `INSERT INTO messages (person_id, mailbox_kind, direction, counterpart, subject, body, origin, sent_at) VALUES (?, 'BOARD', 'INBOUND', 'SEVERANCE_FUND', ?, ?, 'CLERK', ?) RETURNING id`,
    personId,
    `Aufsichtsrat ${marker}-BOARD`,
    `Text ${marker}-BOARDTEXT`,
    now,
  );
  await sqlRun(
    db,
    `INSERT INTO message_attachments (message_id, file_name, content_type, size_bytes, content) VALUES (?, ?, 'application/pdf', 40, ?)`,
    id,
    `Sitzung ${marker}-BOARDANHANG.pdf`,
    Buffer.from(`%PDF-1.4 ${marker}-BOARDINHALT`),
  );
}

export async function loadObjects(db: Db, personId: number): Promise<MemberObjects> {
  const documents = await sqlAll<{ id: number; documentDate: string }>(db, `SELECT id, document_date AS "documentDate" FROM documents WHERE person_id = ? ORDER BY id`, personId);
  return {
    personId,
    documentIds: documents.map((d) => d.id),
    documentDates: new Map(documents.map((d) => [d.id, d.documentDate])),
    pensionStichtage: (
      await sqlAll<{ s: string }>(db, `SELECT DISTINCT s.stichtag AS s FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ?`, personId)
    ).map((r) => r.s),
    severanceStichtage: (
      await sqlAll<{ s: string }>(db, `SELECT DISTINCT s.stichtag AS s FROM vk_statements s JOIN vk_accounts a ON a.id = s.account_id WHERE a.person_id = ?`, personId)
    ).map((r) => r.s),
    vrgs: (await sqlAll<{ vrg: number }>(db, `SELECT DISTINCT vrg FROM pk_contracts WHERE person_id = ?`, personId)).map((r) => r.vrg),
    severanceAccountIds: (await sqlAll<{ id: number }>(db, `SELECT id FROM vk_accounts WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    pensionContractIds: (await sqlAll<{ id: number }>(db, `SELECT id FROM pk_contracts WHERE person_id = ? AND role = 'MEMBER' ORDER BY id`, personId)).map((r) => r.id),
    mandateIds: (await sqlAll<{ id: number }>(db, `SELECT id FROM mandates WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    duties: (
      await sqlAll<{ id: number; customerDesignation: string; functionGroups: string | string[] }>(
        db,
        `SELECT id, customer_designation AS "customerDesignation", function_groups AS "functionGroups" FROM contact_duties WHERE person_id = ? ORDER BY id`,
        personId,
      )
    ).map((d) => ({ ...d, functionGroups: (typeof d.functionGroups === 'string' ? JSON.parse(d.functionGroups) : d.functionGroups) as string[] })),
    uploadIds: (await sqlAll<{ id: string }>(db, `SELECT id FROM uploads WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    messageIds: (await sqlAll<{ id: number }>(db, `SELECT id FROM messages WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    passkeyIds: (await sqlAll<{ id: number }>(db, `SELECT id FROM passkeys WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    attachmentIds: (
      await sqlAll<{ id: number }>(db, `SELECT a.id FROM message_attachments a JOIN messages m ON m.id = a.message_id WHERE m.person_id = ? ORDER BY a.id`, personId)
    ).map((r) => r.id),
    dataExportIds: (await sqlAll<{ id: number }>(db, `SELECT id FROM data_exports WHERE person_id = ? ORDER BY id`, personId)).map((r) => r.id),
    sessionIds: (
      await sqlAll<{ id: string }>(db, `SELECT public_id AS id FROM sessions WHERE person_id = ? AND ended_at IS NULL AND public_id IS NOT NULL ORDER BY public_id`, personId)
    ).map((r) => r.id),
  };
}

/** Distinctive values of a person, straight from the database. */
export async function secretsOf(db: Db, personId: number, marker: string): Promise<string[]> {
  const p = (await sqlAll<Record<string, string | null>>(db, `SELECT svnr, first_name, last_name, email, phone, street FROM persons WHERE id = ?`, personId))[0]!;
  const values = [marker, p.svnr, `${p.first_name} ${p.last_name}`, p.last_name, p.email, p.phone, p.street];
  values.push(
    ...(
      await sqlAll<{ v: string }>(
        db,
        `SELECT iban AS v FROM bank_accounts WHERE person_id = ? UNION SELECT iban FROM severance_claims WHERE person_id = ? UNION SELECT iban FROM mandates WHERE person_id = ?`,
        personId,
        personId,
        personId,
      )
    ).map((r) => r.v),
  );
  values.push(
    ...(
      await sqlAll<{ v: string }>(
        db,
        `SELECT contract_number AS v FROM pk_contracts WHERE person_id = ? UNION SELECT account_number FROM vk_accounts WHERE person_id = ?`,
        personId,
        personId,
      )
    ).map((r) => r.v),
  );
  values.push(
    ...(await sqlAll<{ v: string }>(db, `SELECT subject AS v FROM messages WHERE person_id = ? UNION SELECT body FROM messages WHERE person_id = ?`, personId, personId)).map(
      (r) => r.v,
    ),
  );
  values.push(...(await sqlAll<{ v: string }>(db, `SELECT file_name AS v FROM uploads WHERE person_id = ?`, personId)).map((r) => r.v));
  values.push(
    ...(await sqlAll<{ v: string }>(db, `SELECT a.file_name AS v FROM message_attachments a JOIN messages m ON m.id = a.message_id WHERE m.person_id = ?`, personId)).map(
      (r) => r.v,
    ),
  );
  // Amounts as strings (cents, as GraphQL and REST answer them): the statements' totals of six digits or more.
  values.push(
    ...(
      await sqlAll<{ v: number }>(
        db,
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
