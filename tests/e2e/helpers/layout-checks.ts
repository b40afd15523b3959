import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Elements whose right edge lies beyond `width` CSS pixels (at most 15, as `TAG.class right`): they would scroll sideways. */
export async function elementsWiderThan(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    (limit) =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > limit + 1)
        .slice(0, 15)
        .map((element) => `${element.tagName}.${String(element.getAttribute('class') ?? '')} ${Math.round(element.getBoundingClientRect().right)}`),
    width,
  );
}

/** The smallest rendered size (CSS px, after the SVG's scaling) of the text labels of the screen's charts, or null without chart. */
export async function smallestChartText(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const sizes = [...document.querySelectorAll<SVGTextElement>('svg text')].map((text) => {
      const scale = text.ownerSVGElement?.getScreenCTM()?.a ?? 1;
      return Number.parseFloat(getComputedStyle(text).fontSize) * scale;
    });
    return sizes.length > 0 ? Math.min(...sizes) : null;
  });
}

/** Saves a full-page screenshot `<name>.png` to SCREENSHOT_DIR when that is set (for review; nothing is compared). */
export async function screenshotIfAsked(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * The 390 px phone layout of the current screen: nothing wider than 390 px at 390 × 844, a
 * screenshot `<name>-390` (screenshotIfAsked), then the page's width back at a height of 900.
 */
export async function checkPhoneLayout(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390), name).toEqual([]);
  await screenshotIfAsked(page, `${name}-390`);
  await page.setViewportSize({ width, height: 900 });
}
