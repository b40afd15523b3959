import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, portalNow, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { personas } from './helpers/login';
import { insertClaim, removeClaim } from './helpers/member-db';
import { signInNewStaff } from './helpers/workbench-staff';

/**
 * The workbench's queues and "Mir zuweisen" (decision 0058): a clerk opens each queue — forms, uploads, merges,
 * mandates, § 108a applications — sees its open count in the queue navigation and its status filter, opens an item,
 * and assigns it to herself; the claim panel offers the same. Each queue is checked with axe at 1280 px and
 * photographed into test-results/workbench-queues/.
 */

/** Rows this test inserts into the e2e database, removed afterwards. */
const inserted: { table: string; id: number | string }[] = [];

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

function insert(db: Database.Database, table: string, row: Record<string, unknown>): number {
  const columns = Object.keys(row);
  const id = Number(db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...Object.values(row)).lastInsertRowid);
  inserted.push({ table, id });
  return id;
}

/** A PDF of one empty page, to show in the panel. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A PNG of one pixel, shown in the panel as an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** One item in each queue, received a year ago so it leads its queue (oldest first); the member with a pension contract. */
function seedQueues(): { member: string } {
  return withDb((db) => {
    const contract = db
      .prepare(
        'SELECT c.id AS id, p.id AS personId, p.first_name AS firstName, p.last_name AS lastName, p.svnr AS svnr, p.email AS email FROM pk_contracts c JOIN persons p ON p.id = c.person_id WHERE p.id NOT IN (SELECT person_id FROM premium_applications) ORDER BY c.id LIMIT 1',
      )
      .get() as {
      id: number;
      personId: number;
      firstName: string;
      lastName: string;
      svnr: string;
      email: string;
    };
    const at = '2000-01-03T09:00:00.000Z';
    const messageId = insert(db, 'messages', {
      person_id: contract.personId,
      direction: 'INBOUND',
      counterpart: 'PENSION_FUND',
      subject: 'Formular Bankdaten',
      body: 'Siehe Anhang',
      origin: 'PORTAL',
      sent_at: at,
      mailbox_kind: 'MEMBER',
    });
    insert(db, 'form_submissions', { person_id: contract.personId, kind: 'BANK_DATA', message_id: messageId, submitted_at: at });
    const uploadId = insert(db, 'public_uploads', {
      first_name: 'Otto',
      last_name: 'Ohnelogin',
      svnr: '1237010180',
      email: 'otto@example.com',
      message: 'Meldezettel für meinen Antrag',
      kind: 'UPLOAD_FORM',
      created_at: at,
    });
    const fileId = `e2e-queues-${Date.now()}`;
    db.prepare(
      'INSERT INTO public_upload_files (id, captcha_challenge, submission_id, file_name, content_type, size_bytes, content, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(fileId, 'e2e', uploadId, 'meldezettel.pdf', 'application/pdf', PDF.length, PDF, at, '2100-01-01T00:00:00.000Z');
    db.prepare(
      'INSERT INTO public_upload_files (id, captcha_challenge, submission_id, file_name, content_type, size_bytes, content, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(`${fileId}-png`, 'e2e', uploadId, 'ausweis.png', 'image/png', PNG.length, PNG, at, '2100-01-01T00:00:00.000Z');
    insert(db, 'merge_requests', {
      person_id: contract.personId,
      status: 'PENDING',
      first_name: contract.firstName,
      last_name: contract.lastName,
      svnr: contract.svnr,
      email: contract.email,
      signature_type: 'DIGITAL',
      signature_kind: 'TYPED',
      signature_name: `${contract.firstName} ${contract.lastName}`,
      account_numbers: 'VK-0001,VK-0002',
      target_account_number: 'VK-0003',
      submitted_at: at,
    });
    insert(db, 'mandates', {
      person_id: contract.personId,
      contract_id: contract.id,
      type: 'ONE_OFF',
      amount_cents: 120_000,
      iban: 'AT611904300234573201',
      account_owner: `${contract.firstName} ${contract.lastName}`,
      start_date: '2000-02-01',
      mandate_reference: `E2E-QUEUES-${Date.now()}`,
      creditor_id: 'AT12ZZZ00000000001',
      status: 'ACTIVE',
      created_at: at,
    });
    insert(db, 'premium_applications', {
      person_id: contract.personId,
      street: 'Hauptstraße 1',
      postcode: '1010',
      city: 'Wien',
      country: 'AT',
      birth_date: '1970-01-01',
      signature_kind: 'TYPED',
      signature: `${contract.firstName} ${contract.lastName}`,
      signed_at: at,
    });
    return { member: `${contract.lastName} ${contract.firstName}` };
  });
}

function cleanUp(): void {
  withDb((db) => {
    for (const { table, id } of inserted.reverse()) db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
    db.prepare("DELETE FROM public_upload_files WHERE captcha_challenge = 'e2e'").run();
    db.prepare('DELETE FROM work_assignments WHERE staff_id IN (SELECT id FROM staff_accounts WHERE name = ?)').run('Klara Queue');
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/workbench-queues', { recursive: true });
  await page.screenshot({ path: `test-results/workbench-queues/${name}.png`, fullPage: true });
}

test.afterAll(cleanUp);

test('a clerk opens each queue, sees counts and filters, opens the oldest item and assigns it to herself', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { member } = seedQueues();
  await signInNewStaff(page, 'CLERK', 'Klara Queue');
  await page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link', { name: 'Eingänge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Eingänge' })).toBeVisible();
  const queues = page.getByRole('navigation', { name: 'Eingänge' });

  const cases = [
    { tab: /^Formulare \(\d+\)$/, filter: 'Offen', other: 'Beantwortet', name: member, kind: 'FORM', shot: 'forms' },
    { tab: /^Uploads \(\d+\)$/, filter: 'Nicht zugeordnet', other: 'Zugeordnet', name: 'Ohnelogin Otto', kind: 'PUBLIC_UPLOAD', shot: 'uploads' },
    { tab: /^Zusammenlegungen \(\d+\)$/, filter: 'Offen', other: 'Abgelehnt', name: member, kind: 'MERGE_REQUEST', shot: 'merges' },
    { tab: /^Einzugsermächtigungen \(\d+\)$/, filter: 'Aktiv', other: 'Verfallen', name: member, kind: 'MANDATE', shot: 'mandates' },
    { tab: /^§ 108a-Anträge \(\d+\)$/, filter: 'Alle', other: 'Letzte 30 Tage', name: member, kind: 'PREMIUM_APPLICATION', shot: 'premiums' },
  ];
  for (const item of cases) {
    const tab = queues.getByRole('button', { name: item.tab });
    await expect(tab).toBeVisible();
    await tab.click();
    await expect(tab).toHaveAttribute('aria-current', 'page');
    const status = page.getByLabel('Status');
    await expect(status.locator('option:checked')).toHaveText(item.filter);
    // Oldest first: the item received in 2000 leads.
    const first = page.getByRole('table').getByRole('row').nth(1);
    await expect(first.getByRole('rowheader')).toHaveText(item.name);
    await first.getByRole('button', { name: item.name }).click();
    const panel = page.locator('section.backoffice-claim');
    await expect(panel.getByText('Niemand zugewiesen')).toBeVisible();
    await panel.getByRole('button', { name: 'Mir zuweisen' }).click();
    await expect(panel.getByText('Zugewiesen: Klara Queue')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Freigeben' })).toBeVisible();
    await expect(first).toContainText('Klara Queue');
    if (item.kind === 'PUBLIC_UPLOAD') {
      await panel.getByRole('button', { name: 'Anzeigen: meldezettel.pdf' }).click();
      const download = page.waitForEvent('download');
      await panel.getByRole('link', { name: /^meldezettel\.pdf herunterladen/ }).click();
      expect((await download).suggestedFilename()).toBe('meldezettel.pdf');
      await panel.getByRole('button', { name: 'Anzeigen: ausweis.png' }).click();
      await expect(panel.getByRole('img', { name: 'Vorschau von ausweis.png' })).toBeVisible();
      // A wrong SVNR: the server's refusal in German, nothing filed.
      await panel.getByLabel('SV-Nummer des Mitglieds').fill('123');
      await panel.getByLabel('Nachname des Mitglieds').fill('Ohnelogin');
      await panel.getByRole('button', { name: 'Zuordnen' }).click();
      await expect(panel.getByRole('alert')).toHaveText('Bitte geben Sie eine gültige zehnstellige SV-Nummer ein.');
    }
    if (item.kind === 'MERGE_REQUEST') {
      await panel.getByRole('button', { name: 'Ablehnen' }).click();
      await expect(panel.getByRole('alert')).toHaveText('Bitte begründen Sie die Ablehnung in der Anmerkung.');
    }
    await expectNoSeriousA11yViolations(page, `workbench queue ${item.shot}`);
    await screenshot(page, item.shot);
    // The filter asks the fund for another status: the item is not among them.
    await status.selectOption({ label: item.other });
    await expect(page.getByRole('row').filter({ hasText: 'Klara Queue' })).toHaveCount(0);
  }

  // Released again: nobody has the mandate.
  await queues.getByRole('button', { name: /^Einzugsermächtigungen/ }).click();
  await page.getByLabel('Status').selectOption({ label: 'Aktiv' });
  await page.getByRole('table').getByRole('row').nth(1).getByRole('button').click();
  await page.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('Niemand zugewiesen')).toBeVisible();

  // The claim panel offers the same: bernd's claim, received four months ago, leads the claims queue.
  const claim = insertClaim(personas.bernd.email, { option: 'PAYOUT', status: 'NEW', submittedAt: new Date(portalNow() - 120 * 86_400_000).toISOString() });
  try {
    await page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link', { name: 'Anträge' }).click();
    // The claims were read at sign-in, before this claim: read them again.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: claim.accountNumber });
    await row.getByRole('button').click();
    const panel = page.locator('section.backoffice-claim');
    await panel.getByRole('button', { name: 'Mir zuweisen' }).click();
    await expect(panel.getByText('Zugewiesen: Klara Queue')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'workbench claim panel with assignment');
    await screenshot(page, 'claim');
    await panel.getByRole('button', { name: 'Freigeben' }).click();
    await expect(panel.getByText('Niemand zugewiesen')).toBeVisible();
  } finally {
    removeClaim(claim.id);
  }
});
