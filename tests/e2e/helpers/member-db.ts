import Database from 'better-sqlite3';
import { portalNow } from './portal-clock';

/**
 * Reads (and, for the claim teaser, writes) the main tenant's test database (E2E_DATABASE_PATH, see
 * playwright.config.ts), so the dashboard and account-information tests compare the screen with what is stored.
 */
function withDb<T>(fn: (db: Database.Database) => T, readonly = true): T {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set; run the tests through playwright.config.ts');
  const db = new Database(path, { readonly, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

function personId(db: Database.Database, email: string): number {
  const row = db.prepare('SELECT id FROM persons WHERE email = ?').get(email) as { id: number } | undefined;
  if (!row) throw new Error(`no person ${email}`);
  return row.id;
}

/** Unread inbound messages and unread documents of the person. */
export function unreadCountsOf(email: string): { messages: number; documents: number } {
  return withDb((db) => {
    const id = personId(db, email);
    const messages = (db.prepare("SELECT count(*) AS n FROM messages WHERE person_id = ? AND direction = 'INBOUND' AND read_at IS NULL").get(id) as { n: number }).n;
    const documents = (db.prepare('SELECT count(*) AS n FROM documents WHERE person_id = ? AND read_at IS NULL').get(id) as { n: number }).n;
    return { messages, documents };
  });
}

/**
 * Makes the person's `count` newest inbound messages unread again and returns how many were read before, for a spec
 * that starts from unread messages whatever a spec before it in the same slot opened (the link crawl opens every
 * message it can reach).
 */
export function markNewestMessagesUnread(email: string, count: number): number {
  return withDb((db) => {
    const id = personId(db, email);
    return db
      .prepare(
        `UPDATE messages SET read_at = NULL WHERE read_at IS NOT NULL AND id IN (SELECT id FROM messages WHERE person_id = ? AND direction = 'INBOUND' ORDER BY sent_at DESC, id DESC LIMIT ?)`,
      )
      .run(id, count).changes;
  }, false);
}

export interface ContractRow {
  contract_number: string;
  vrg_name: string;
  employer: string;
  customer: string;
  calculation_interest_rate_bp: number;
  widow_transition_percent: number;
  partner_rule: string;
  role: string;
}

/** The person's Pensionskasse contracts with employer, customer and VRG names. */
export function pensionContractsOf(email: string): ContractRow[] {
  return withDb(
    (db) =>
      db
        .prepare(
          `SELECT c.contract_number, v.name AS vrg_name, e.name || ', ' || e.city AS employer, k.name || ', ' || k.city AS customer,
                c.calculation_interest_rate_bp, c.widow_transition_percent, c.partner_rule, c.role
           FROM pk_contracts c JOIN vrgs v ON v.number = c.vrg JOIN employers e ON e.id = c.employer_id
           JOIN employers k ON k.id = c.customer_id
          WHERE c.person_id = ? ORDER BY c.id`,
        )
        .all(personId(db, email)) as ContractRow[],
  );
}

/** Every column of the person's Vorsorgekasse statements (snake_case), with the account number; newest first. */
export function fullSeveranceStatementsOf(email: string): Array<Record<string, number | string>> {
  return withDb(
    (db) =>
      db
        .prepare(
          `SELECT a.account_number, s.* FROM vk_statements s JOIN vk_accounts a ON a.id = s.account_id
          WHERE a.person_id = ? ORDER BY a.id, s.stichtag DESC`,
        )
        .all(personId(db, email)) as Array<Record<string, number | string>>,
  );
}

/** Whether any person has a Pensionskasse statement at `stichtag` (to make a "someone else's date" test meaningful). */
export function someonesPensionStatementAt(stichtag: string, exceptEmail: string): boolean {
  return withDb((db) =>
    Boolean(
      db
        .prepare(
          `SELECT 1 FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id JOIN persons p ON p.id = c.person_id
            WHERE s.stichtag = ? AND p.email <> ? LIMIT 1`,
        )
        .get(stichtag, exceptEmail),
    ),
  );
}

export interface ClaimInput {
  option: 'KEEP' | 'TRANSFER_PENSION_FUND' | 'TRANSFER_SUPPLEMENTARY_INSURANCE' | 'TRANSFER_VORSORGEKASSE' | 'PAYOUT';
  status: 'NEW' | 'CHECKING' | 'CHECKED' | 'PRE_TRANSFER' | 'POST_TRANSFER' | 'INFORMATION_NEEDED';
  /** ISO instant of receipt; the payout date follows from it (server/modules/claims/claims.rules.ts). Default: now. */
  submittedAt?: string;
  definiteDate?: string | null;
}

/**
 * Stores a severance claim for the person's first Vorsorgekasse account, as the claim flow would (submitted now);
 * returns its id and the account number. `removeClaim` deletes it again.
 */
export function insertClaim(email: string, claim: ClaimInput): { id: number; accountNumber: string } {
  return withDb((db) => {
    const id = personId(db, email);
    const account = db.prepare('SELECT id, account_number FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1').get(id) as {
      id: number;
      account_number: string;
    };
    const result = db
      .prepare(
        `INSERT INTO severance_claims (person_id, account_id, option, status, submitted_at, definite_date)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(id, account.id, claim.option, claim.status, claim.submittedAt ?? new Date(portalNow()).toISOString(), claim.definiteDate ?? null);
    return { id: Number(result.lastInsertRowid), accountNumber: account.account_number };
  }, false);
}

export function updateClaim(id: number, claim: Partial<ClaimInput>): void {
  withDb((db) => {
    const current = db.prepare('SELECT option, status, submitted_at, definite_date FROM severance_claims WHERE id = ?').get(id) as Record<string, string | null>;
    db.prepare('UPDATE severance_claims SET option = ?, status = ?, submitted_at = ?, definite_date = ? WHERE id = ?').run(
      claim.option ?? current.option,
      claim.status ?? current.status,
      claim.submittedAt ?? current.submitted_at,
      claim.definiteDate === undefined ? current.definite_date : claim.definiteDate,
      id,
    );
  }, false);
}

export function removeClaim(id: number): void {
  withDb((db) => db.prepare('DELETE FROM severance_claims WHERE id = ?').run(id), false);
}

/**
 * A generated member with an active access and no pending login-flow question, taken from the middle of the
 * population (`offset` from the 25th by id): password-reset.spec.ts takes the oldest, settings-password-access.spec.ts the newest.
 */
export function middleGeneratedMember(offset = 0): string {
  return withDb((db) => {
    const row = db
      .prepare(
        `select p.email from persons p join credentials c on c.person_id = p.id
          where p.email like '%.%.%@example.at' and c.access_status = 'ACTIVE' and c.password_insecure = 0
            and p.membership_status = 'ACTIVE' and p.terms_pending is null and p.email_update_pending is null
            and p.annual_statement_decision_pending = 0 and p.login_data_sync_pending = 0 and p.registration_update_pending = 0
          order by p.id asc limit 1 offset ?`,
      )
      .get(25 + offset) as { email: string } | undefined;
    if (!row) throw new Error('no generated member in the middle of the population');
    return row.email;
  });
}

/** Ends a temporary login lock and its count of wrong passwords (cleanup after a lockout test). */
export function clearLoginLock(email: string): void {
  withDb((db) => {
    db.prepare('update credentials set failed_attempts = 0, locked_until = null where person_id = ?').run(personId(db, email));
  }, false);
}

/**
 * Deletes every severance claim of the person with the confirmations it issued (the CLAIM_CONFIRMATION documents and
 * the inbox messages carrying them), so a browser test that files one leaves the persona as it found it.
 */
export function removeClaimsOf(email: string): void {
  withDb((db) => {
    const id = personId(db, email);
    db.prepare('DELETE FROM severance_claims WHERE person_id = ?').run(id);
    db.prepare("DELETE FROM documents WHERE person_id = ? AND category = 'CLAIM_CONFIRMATION'").run(id);
    db.prepare("DELETE FROM messages WHERE person_id = ? AND origin = 'CORE_SYSTEM' AND subject LIKE 'Ihr Antrag auf Verfügung%'").run(id);
  }, false);
}

/** Kinds of the files stored with the person's newest severance claim (sorted), e.g. IDENTITY_DOCUMENT, SIGNATURE_SAMPLE. */
export function latestClaimFileKindsOf(email: string): string[] {
  return withDb((db) => {
    const rows = db
      .prepare(
        'SELECT f.kind AS kind FROM claim_files f WHERE f.claim_id = (SELECT id FROM severance_claims WHERE person_id = ? ORDER BY submitted_at DESC, id DESC LIMIT 1) ORDER BY f.kind',
      )
      .all(personId(db, email)) as { kind: string }[];
    return rows.map((r) => r.kind);
  });
}

/** The payout figures stored with the person's latest claim (cents; `severance_claims`), as the claim page's last step shows them. */
export function latestClaimAmountsOf(email: string): { entitlement: number; tax: number; cashOrderCost: number } {
  return withDb(
    (db) =>
      db
        .prepare(
          'SELECT entitlement_cents AS entitlement, tax_cents AS tax, cash_order_cost_cents AS cashOrderCost FROM severance_claims WHERE person_id = ? ORDER BY submitted_at DESC, id DESC LIMIT 1',
        )
        .get(personId(db, email)) as { entitlement: number; tax: number; cashOrderCost: number },
  );
}

/**
 * Removes the person's own-contribution mandates with their debits, mandate PDFs, pre-notification messages and the
 * § 108a application (tests/e2e/own-contributions.spec.ts), so other specs see the seeded state.
 */
export function removeOwnContributionsOf(email: string): void {
  withDb((db) => {
    const id = personId(db, email);
    db.prepare('DELETE FROM messages WHERE person_id = ? AND id IN (SELECT message_id FROM mandate_debits WHERE person_id = ?)').run(id, id);
    db.prepare("DELETE FROM documents WHERE person_id = ? AND source_table = 'mandates'").run(id);
    db.prepare('DELETE FROM mandate_debits WHERE person_id = ?').run(id);
    db.prepare('DELETE FROM mandates WHERE person_id = ?').run(id);
    db.prepare('DELETE FROM premium_applications WHERE person_id = ?').run(id);
  }, false);
}

/** Deletes the person's sent forms and their messages (a browser test that sends one leaves the persona as it found it). */
export function removeFormsOf(email: string): void {
  withDb((db) => {
    const id = personId(db, email);
    db.prepare('DELETE FROM messages WHERE id IN (SELECT message_id FROM form_submissions WHERE person_id = ?)').run(id);
    db.prepare('DELETE FROM form_submissions WHERE person_id = ?').run(id);
  }, false);
}

/** Deletes the person's merge requests with their confirmations (documents and inbox messages), so a merge test can run again. */
export function removeMergeRequestsOf(email: string): void {
  withDb((db) => {
    const id = personId(db, email);
    db.prepare('DELETE FROM merge_requests WHERE person_id = ?').run(id);
    db.prepare("DELETE FROM documents WHERE person_id = ? AND category = 'CLAIM_CONFIRMATION' AND source_table = 'merge_requests'").run(id);
    db.prepare("DELETE FROM messages WHERE person_id = ? AND origin = 'CORE_SYSTEM' AND subject LIKE 'Ihr Antrag auf Zusammenlegung%'").run(id);
  }, false);
}

/** Kinds of the files stored with the person's newest merge request (sorted), e.g. ID_COPY, SIGNATURE. */
export function latestMergeFileKindsOf(email: string): string[] {
  return withDb((db) =>
    (
      db
        .prepare('SELECT kind FROM merge_request_files WHERE merge_request_id = (SELECT id FROM merge_requests WHERE person_id = ? ORDER BY id DESC LIMIT 1) ORDER BY kind')
        .all(personId(db, email)) as { kind: string }[]
    ).map((r) => r.kind),
  );
}

/**
 * Deletes the inbox messages the fund's status changes of a claim sent the person (decision 0056: origin CLERK,
 * counterpart SEVERANCE_FUND) and the messages the person wrote to the Vorsorgekasse (fund-claim-status.spec.ts), so
 * other specs see the seeded inbox.
 */
export function removeSeveranceFundMessagesOf(email: string): void {
  withDb((db) => {
    db.prepare("DELETE FROM messages WHERE person_id = ? AND counterpart = 'SEVERANCE_FUND' AND origin IN ('CLERK', 'PORTAL')").run(personId(db, email));
  }, false);
}
