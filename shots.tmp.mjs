// Screenshots of the screens built this round against a running portal: node shots.mjs URL OUTDIR
import { chromium } from '@playwright/test';
const [url, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function session(email, width) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
  const page = await ctx.newPage();
  await page.goto(`${url}/#/login`);
  if (email) {
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('Pensionskasse#2026');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(/dashboard/, { timeout: 30000 });
  }
  return { ctx, page };
}
const shots = [
  [null, '/#/login', 'login', null],
  ['bernd.vorsorge@example.at', '/#/postfach', 'inbox-bernd', null],
  ['anna.muster@example.at', '/#/einstellungen', 'settings', null],
  ['bernd.vorsorge@example.at', '/#/dashboard', 'dashboard-bernd', null],
];
for (const width of [1280, 390]) {
  for (const [email, path, name, act] of shots) {
    const { ctx, page } = await session(email, width);
    await page.goto(`${url}${path}`);
    await page.waitForTimeout(2500);
    if (act) { try { await act(page); await page.waitForTimeout(800); } catch (e) { console.log(name, 'action failed', e.message); } }
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    console.log('shot', name, width);
    await ctx.close();
  }
}
await browser.close();
