import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** A radio label that is not laid out as it should be: its text and what is wrong. */
interface Problem {
  label: string;
  issue: string;
}

/**
 * Every visible radio's label measured against its input: gap left of the text (at least 8 px right of the
 * radio), text inside the right padding, the radio inside its label.
 */
async function radioLabelProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { label: string; issue: string }[] = [];
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[type="radio"]'))) {
      const label = document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(input.id)}"]`);
      if (!label || input.getClientRects().length === 0) continue;
      const name = (label.textContent ?? '').trim();
      const box = input.getBoundingClientRect();
      const labelBox = label.getBoundingClientRect();
      const style = getComputedStyle(label);
      const rightLimit = labelBox.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight) + 0.5;
      const range = document.createRange();
      range.selectNodeContents(label);
      const lines = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      if (lines.length === 0) problems.push({ label: name, issue: 'no text' });
      for (const line of lines) {
        if (line.left < box.right + 8) problems.push({ label: name, issue: `text starts at ${line.left.toFixed(1)}, radio ends at ${box.right.toFixed(1)}` });
        if (line.right > rightLimit) problems.push({ label: name, issue: `text ends at ${line.right.toFixed(1)}, beyond the padding at ${rightLimit.toFixed(1)}` });
      }
      if (box.top < labelBox.top || box.bottom > labelBox.bottom) problems.push({ label: name, issue: 'radio outside its label' });
    }
    return problems;
  });
}

/** Waits for the screen's radios, saves a screenshot to SCREENSHOT_DIR when set, and expects no problem. */
export async function expectRadioLabelsPadded(page: Page, screen: string): Promise<void> {
  await expect(page.locator('input[type="radio"]').first()).toBeVisible();
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `radios-${screen}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
  expect(await radioLabelProblems(page), screen).toEqual([]);
}
