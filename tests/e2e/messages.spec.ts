import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { checkPhoneLayout, screenshotIfAsked } from './helpers/layout-checks';
import { logIn, personas } from './helpers/login';
import { markNewestMessagesUnread, unreadCountsOf } from './helpers/member-db';
import { chooseOption, optionsInView, optionTexts, selectTrigger } from './helpers/select-field';
import { spawnFundMessage } from '../helpers/spawn-fund';

/**
 * The inbox (spec 001 section 2, decision 0014) in the browser, main tenant: anna reads her unread messages (the dashboard count
 * drops), writes to the Vorsorgekasse with a PDF attached through the upload (progress, content check) and finds it
 * under "Gesendet" with the attachment; a renamed program is refused at the field. Axe and the 390 px layout on each
 * screen. Screenshots go to SCREENSHOT_DIR when set.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('anna reads her unread messages, writes to the Vorsorgekasse with a PDF and finds it under sent', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Two unread messages to start from, whatever a spec before this one in the same slot opened.
  markNewestMessagesUnread(personas.anna.email, 2);
  await logIn(page, personas.anna.email);
  const unread = unreadCountsOf(personas.anna.email).messages;
  expect(unread).toBeGreaterThan(0);

  await page.goto('/#/dashboard');
  const dashboardLink = page.getByRole('link', { name: new RegExp(`${unread} ungelesene Nachrichten? im Postfach`) });
  await expect(dashboardLink).toBeVisible();
  await dashboardLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Postfach' })).toBeVisible();
  await expect(page.getByText(`Sie haben ${unread} ungelesene Nachricht`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'inbox received');
  await screenshotIfAsked(page, 'inbox-received-1280');
  await checkPhoneLayout(page, 'inbox-received');

  // Open every unread message: each becomes read, the count drops.
  for (let left = unread; left > 0; left--) {
    const first = page.locator('.message-item--unread .message-item__link').first();
    const subject = (await first.locator('.message-item__subject').innerText()).trim();
    await first.click();
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    if (left === unread) {
      await expectNoSeriousA11yViolations(page, 'message detail');
      await screenshotIfAsked(page, 'inbox-detail-1280');
      await checkPhoneLayout(page, 'inbox-detail');
    }
    await page.getByRole('link', { name: 'Zurück zum Posteingang' }).click();
    await expect(page.locator('.message-item--unread')).toHaveCount(left - 1);
  }
  await expect(page.getByText('Sie haben keine ungelesenen Nachrichten.')).toBeVisible();
  await page.goto('/#/dashboard');
  await expect(page.getByRole('link', { name: 'Keine ungelesenen Nachrichten im Postfach' })).toBeVisible();
  expect(unreadCountsOf(personas.anna.email).messages).toBe(0);

  // Write to the Vorsorgekasse with a PDF attached.
  await page.goto('/#/postfach/neu');
  await expect(page.getByRole('heading', { level: 2, name: 'Neue Nachricht' })).toBeVisible();
  // The recipient is the field kit's select (components/ui/select-field.tsx): "Bitte wählen" until one is chosen.
  const recipient = selectTrigger(page, 'Empfänger');
  await expect(recipient).toHaveText('Bitte wählen');
  expect(await optionTexts(page, page, 'Empfänger')).toEqual(['Pensionskasse', 'Vorsorgekasse', 'Ombudsstelle']);
  // Sending empty shows the messages at the fields; the recipient's is tied to its trigger and the focus goes there.
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Bitte wählen Sie einen Empfänger.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie einen Betreff ein.')).toBeVisible();
  await expect(recipient).toHaveAccessibleDescription(/Bitte wählen Sie einen Empfänger\./);
  await expect(recipient).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'new message with errors');
  // Opened by keyboard: all three recipients in view (at most 5 rows), axe clean while open.
  await page.keyboard.press('ArrowDown');
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await expect.poll(() => optionsInView(page)).toEqual(['Pensionskasse', 'Vorsorgekasse', 'Ombudsstelle']);
  await expectNoSeriousA11yViolations(page, 'new message recipient select open');
  if (process.env.H19_SHOTS === '1') {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await page.screenshot({ path: `/tmp/shots-h19/recipient-select-open-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  await chooseOption(page, page, 'Empfänger', 'Vorsorgekasse');
  await expect(page.getByText('Bitte wählen Sie einen Empfänger.')).toBeHidden();
  await page.getByLabel('Betreff').fill('Frage zu meiner Abfertigung');
  await page.getByLabel('Nachricht', { exact: true }).fill('Sehr geehrte Damen und Herren,\n\nbitte um Auskunft zu meiner Anwartschaft.');
  const fileInput = page.getByLabel('Anhänge (TIFF, PDF, JPG)');
  // A renamed program is refused at the field, nothing is listed.
  const exe = join(tmpdir(), 'rechnung.pdf');
  await writeFile(exe, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]));
  await fileInput.setInputFiles(exe);
  await expect(page.getByText('Die Datei „rechnung.pdf“ hat einen nicht erlaubten Dateityp.', { exact: false })).toBeVisible();
  await fileInput.setInputFiles({ name: 'Dienstzeugnis.pdf', mimeType: 'application/pdf', buffer: PDF });
  const attached = page.getByRole('list', { name: 'Hochgeladene Dateien' });
  await expect(attached.getByRole('link', { name: 'Dienstzeugnis.pdf' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new message');
  await screenshotIfAsked(page, 'inbox-new-1280');
  await checkPhoneLayout(page, 'inbox-new');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();

  // The detail of the sent message, then the sent list.
  await expect(page.getByRole('heading', { level: 2, name: 'Frage zu meiner Abfertigung' })).toBeVisible();
  const download = page.getByRole('link', { name: 'Dienstzeugnis.pdf' });
  await expect(download).toHaveAttribute('href', /^\/webportal\/download\?attachment=\d+$/);
  const res = await page.request.get((await download.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(Buffer.from(await res.body()).equals(PDF)).toBe(true);
  // Opened with `?lng=de`, the page carries its language onto the attachment's download URL (spec 000 section 1).
  const detailHash = new URL(page.url()).hash;
  await page.goto(`/?lng=de${detailHash}`);
  await expect(page.getByRole('link', { name: 'Dienstzeugnis.pdf' })).toHaveAttribute('href', /^\/webportal\/download\?attachment=\d+&lng=de$/);
  await page.getByRole('link', { name: 'Gesendet', exact: true }).click();
  const sentItem = page.locator('.message-item').filter({ hasText: 'Frage zu meiner Abfertigung' });
  await expect(sentItem).toHaveCount(1);
  await expect(sentItem).toContainText('An: Vorsorgekasse');
  await expect(sentItem).toContainText('1 Anhang');
  await expectNoSeriousA11yViolations(page, 'inbox sent');
  await screenshotIfAsked(page, 'inbox-sent-1280');
  await checkPhoneLayout(page, 'inbox-sent');

  // The fund answers with the operator command: the reply arrives unread and becomes read when opened.
  const run = spawnFundMessage(
    {
      to: personas.anna.email,
      from: 'SEVERANCE_FUND',
      subject: 'AW: Frage zu meiner Abfertigung',
      body: 'Sehr geehrte Frau Mag.a Muster,\n\nIhre Anwartschaft ist vollständig erfasst.',
      database: process.env.E2E_DATABASE_PATH!,
    },
    { MAIL_OUTBOX_DIR: tmpdir() },
  );
  expect(run.status, run.stderr).toBe(0);
  await page.goto('/#/dashboard');
  await expect(page.getByRole('link', { name: '1 ungelesene Nachricht im Postfach' })).toBeVisible();
  await page.goto('/#/postfach/posteingang');
  const reply = page.locator('.message-item--unread').filter({ hasText: 'AW: Frage zu meiner Abfertigung' });
  await expect(reply).toHaveCount(1);
  await reply.locator('.message-item__link').click();
  await expect(page.getByRole('heading', { level: 2, name: 'AW: Frage zu meiner Abfertigung' })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zum Posteingang' }).click();
  await expect(page.locator('.message-item--unread')).toHaveCount(0);
  expect(unreadCountsOf(personas.anna.email).messages).toBe(0);
});

test('the per-page choice is remembered and the subject search filters the list', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/posteingang');
  expect(await optionTexts(page, page, 'Nachrichten pro Seite')).toEqual(['10', '25', '50']);
  await chooseOption(page, page, 'Nachrichten pro Seite', '25');
  await page.reload();
  await expect(selectTrigger(page, 'Nachrichten pro Seite')).toHaveText('25');
  await page.getByLabel('Im Betreff suchen').fill('Willkommen');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByText('1 Nachricht mit „Willkommen“ im Betreff')).toBeVisible();
  await expect(page.locator('.message-item')).toHaveCount(1);
});
