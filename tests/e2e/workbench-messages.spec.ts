import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, portalNow, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';
import { insertClaim, removeClaim } from './helpers/member-db';
import { chooseOption } from './helpers/select-field';
import { startAs } from './helpers/workbench-staff';

/**
 * The workbench's messages and the information-request round trip (spec 001 sections 3 to 5; decisions 0054 to 0056):
 * a clerk sees bernd's claim documents in the page and asks him for a document; bernd reads the request in his inbox
 * and answers the Vorsorgekasse with an upload, which moves the claim back to CHECKING; the clerk finds it so and reads
 * the answer with its attachment in the messages queue. A clerk answers anna's message with a PDF and anna downloads
 * the very bytes. Axe at 1280 px on the messages screens; screenshots under test-results/workbench/.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Runs `fn` on the e2e database (writable). */
function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

/** Stores a PDF document of the claim, as the claim flow keeps the member's uploads. */
function addClaimDocument(claimId: number, fileName: string): void {
  withDb((db) =>
    db
      .prepare('INSERT INTO claim_files (claim_id, kind, file_name, content_type, size_bytes, content) VALUES (?, ?, ?, ?, ?, ?)')
      .run(claimId, 'IDENTITY_DOCUMENT', fileName, 'application/pdf', PDF.length, PDF),
  );
}

/** A message the member sent from the portal inbox to the Pensionskasse now, as the inbox stores it. */
function memberWrote(email: string, subject: string): void {
  withDb((db) => {
    const person = db.prepare('SELECT id FROM persons WHERE email = ?').get(email) as { id: number };
    const now = new Date(portalNow()).toISOString();
    db.prepare(
      "INSERT INTO messages (person_id, direction, counterpart, subject, body, origin, sent_at, read_at) VALUES (?, 'OUTBOUND', 'PENSION_FUND', ?, ?, 'PORTAL', ?, ?)",
    ).run(person.id, subject, 'Sehr geehrte Damen und Herren,\n\nbitte senden Sie mir die Bestätigung meiner Beiträge.', now, now);
  });
}

/** Removes the person's messages (both directions) whose subject or text contains `marker`: this test's only. */
function removeMessages(email: string, marker: string): void {
  withDb((db) => {
    const person = db.prepare('SELECT id FROM persons WHERE email = ?').get(email) as { id: number };
    db.prepare('DELETE FROM messages WHERE person_id = ? AND (subject LIKE ? OR body LIKE ?)').run(person.id, `%${marker}%`, `%${marker}%`);
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/workbench', { recursive: true });
  await page.screenshot({ path: `test-results/workbench/${name}.png`, fullPage: true });
}

/** Opens the messages area and the row of `subject` (loading further pages as needed); resolves to the row. */
async function messageRow(page: Page, subject: string) {
  await page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link', { name: 'Nachrichten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nachrichten von Mitgliedern' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: subject });
  const more = page.getByRole('button', { name: 'Weitere Nachrichten laden' });
  while (!(await row.isVisible()) && (await more.isVisible())) await more.click();
  return row;
}

test('a clerk asks bernd for a document; he answers with an upload in his inbox and the claim is back in CHECKING', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const claim = insertClaim(personas.bernd.email, { option: 'PAYOUT', status: 'CHECKING' });
  addClaimDocument(claim.id, 'Ausweis.pdf');
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const marker = `Nachreichung ${Date.now()}`;
  try {
    await startAs(page, 'CLERK', 'Mira Nachricht');
    await page.getByRole('row').filter({ hasText: claim.accountNumber }).getByRole('button', { name: 'Vorsorge Bernd' }).click();
    const panel = page.getByRole('region', { name: 'Antrag von Bernd Vorsorge' });

    // The claim's document in the page: the PDF in a titled frame, from the link signed for this clerk, inline.
    const frame = panel.locator('iframe[title="Amtlicher Lichtbildausweis: Ausweis.pdf"]');
    await expect(frame).toBeVisible();
    const shown = await page.request.get((await frame.getAttribute('src'))!);
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-disposition']).toMatch(/^inline;/);
    expect(Buffer.from(await shown.body()).equals(PDF)).toBe(true);
    await expect(panel.getByRole('link', { name: 'Ausweis.pdf herunterladen' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'workbench claim documents');
    await screenshot(page, 'claim-documents');
    expect(refused).toEqual([]);

    await panel.getByLabel('Was das Mitglied nachreichen soll').fill(`Bitte senden Sie uns eine Kopie Ihres Lichtbildausweises (${marker}).`);
    await panel.getByRole('button', { name: 'Auf „Unterlagen angefordert“ setzen' }).click();
    await expect(panel.getByRole('status')).toHaveText('Der Status ist jetzt „Unterlagen angefordert“.');

    // bernd reads the request in his inbox and answers the Vorsorgekasse with the document.
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const member = await memberContext.newPage();
    await logIn(member, personas.bernd.email);
    await member.goto('/#/postfach/posteingang');
    await member.locator('.message-item__link').filter({ hasText: 'Ihr Antrag bei der Vorsorgekasse: Unterlagen fehlen' }).first().click();
    await expect(member.getByText(marker, { exact: false })).toBeVisible();
    await member.goto('/#/postfach/neu');
    await chooseOption(member, member, 'Empfänger', 'Vorsorgekasse');
    await member.getByLabel('Betreff').fill(`Lichtbildausweis ${marker}`);
    await member.getByLabel('Nachricht', { exact: true }).fill('Sehr geehrte Damen und Herren,\n\nanbei die Kopie meines Ausweises.');
    await member.getByLabel('Anhänge (TIFF, PDF, JPG)').setInputFiles({ name: 'Lichtbildausweis.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(member.getByRole('list', { name: 'Hochgeladene Dateien' }).getByRole('link', { name: 'Lichtbildausweis.pdf' })).toBeVisible();
    await member.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(member.getByRole('heading', { level: 2, name: `Lichtbildausweis ${marker}` })).toBeVisible();
    await memberContext.close();

    // The clerk's queue: the claim is back in CHECKING, moved by bernd's answer.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: claim.accountNumber })).toContainText('In Prüfung');

    // The answer with its attachment in the messages queue.
    const row = await messageRow(page, marker);
    await expect(row).toContainText('Vorsorgekasse');
    await expect(row).toContainText('Unbeantwortet');
    await expect(page.getByText(/^\d+ unbeantwortete Nachrichten?$|^mehr als \d+ unbeantwortete Nachrichten$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'workbench messages queue');
    await screenshot(page, 'messages');
    await row.getByRole('button', { name: 'Vorsorge Bernd' }).click();
    const thread = page.getByRole('region', { name: 'Nachricht von Bernd Vorsorge' });
    await expect(thread).toContainText('anbei die Kopie meines Ausweises.');
    await thread.getByRole('button', { name: 'Anhänge laden' }).click();
    const attachment = thread.getByRole('link', { name: 'Lichtbildausweis.pdf herunterladen' });
    await expect(attachment).toHaveAttribute('download', 'Lichtbildausweis.pdf');
    const href = (await attachment.getAttribute('href'))!;
    expect(Buffer.from(href.replace(/^data:application\/pdf;base64,/, ''), 'base64').equals(PDF)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'workbench message thread');
    await screenshot(page, 'message-thread');
  } finally {
    removeClaim(claim.id);
    removeMessages(personas.bernd.email, marker);
  }
});

test('a clerk answers anna’s message with a PDF; anna downloads the very file in the member portal', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const marker = `Beitragsbestätigung ${Date.now()}`;
  memberWrote(personas.anna.email, marker);
  try {
    await startAs(page, 'CLERK', 'Rita Antwort');
    const row = await messageRow(page, marker);
    await row.getByRole('button', { name: 'Muster Anna' }).click();
    const thread = page.getByRole('region', { name: 'Nachricht von Anna Muster' });
    await expect(thread).toContainText('bitte senden Sie mir die Bestätigung meiner Beiträge.');
    await expect(thread).toContainText('Keine Anhänge.');

    // An empty answer is the server's refusal, shown from the catalogue; nothing was sent.
    await thread.getByRole('button', { name: 'Antwort senden' }).click();
    await expect(thread.getByRole('alert')).toHaveText('Bitte geben Sie eine Antwort ein.');

    await thread.getByLabel('Ihre Antwort').fill('Sehr geehrte Frau Muster,\n\nanbei die Bestätigung Ihrer Beiträge.');
    await thread.getByLabel('Anhänge (PDF, JPG, TIFF; höchstens 5)').setInputFiles({ name: 'Beitragsbestaetigung.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(thread.getByRole('list', { name: 'Ausgewählte Dateien' })).toContainText('Beitragsbestaetigung.pdf');
    await expectNoSeriousA11yViolations(page, 'workbench message reply');
    await screenshot(page, 'message-reply');
    await thread.getByRole('button', { name: 'Antwort senden' }).click();
    await expect(thread.getByRole('status')).toHaveText(/^Die Antwort wurde gesendet/);
    await expect(row).toContainText('Beantwortet');
    await screenshot(page, 'message-answered');

    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const member = await memberContext.newPage();
    await logIn(member, personas.anna.email);
    await member.goto('/#/postfach/posteingang');
    await member
      .locator('.message-item__link')
      .filter({ hasText: `AW: ${marker}` })
      .click();
    await expect(member.getByRole('heading', { level: 2, name: `AW: ${marker}` })).toBeVisible();
    await expect(member.getByText('anbei die Bestätigung Ihrer Beiträge.')).toBeVisible();
    const [download] = await Promise.all([member.waitForEvent('download'), member.getByRole('link', { name: 'Beitragsbestaetigung.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('Beitragsbestaetigung.pdf');
    expect((await readFile((await download.path())!)).equals(PDF)).toBe(true);
    await memberContext.close();
  } finally {
    removeMessages(personas.anna.email, marker);
  }
});
