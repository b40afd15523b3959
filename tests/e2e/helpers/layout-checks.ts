import type { Page } from '@playwright/test';

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
