import { expect, type Page } from '@playwright/test';

/**
 * The regional tenant speaks as itself (decision 0046): the check that a screen names neither the main group nor its
 * website, used on the public screens (tenant-voice.regional.spec.ts) and on every screen behind the login
 * (link-crawl.regional.spec.ts, during its walk).
 */

/** The main group's names and web address (server/tenants.ts `TENANTS.main`). */
const MAIN_GROUP = /\b(?:VBV|VBVVK|Mvbv)\b|vbv\.at/; // case-sensitive and whole words: random codes may contain the letters vbv

/** Every visible text, accessible name and link target of the screen, for the name scan. */
async function screenWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('[href], [aria-label], [title], [alt]'))) {
      for (const name of ['href', 'aria-label', 'title', 'alt']) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/** Fails, quoting the place, when the current screen of `page` names the main group; `where` names the screen in the message. */
export async function expectOwnVoice(page: Page, where: string): Promise<void> {
  const words = await screenWords(page);
  const hit = MAIN_GROUP.exec(words);
  expect(hit ? words.slice(Math.max(0, hit.index - 80), hit.index + 80) : null, `${where} names the main group`).toBeNull();
}
