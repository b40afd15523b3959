import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Rules of lesser impact that fail all the same: two landmarks of one name leave a screen-reader user guessing. */
const ALWAYS_FAIL = new Set(['landmark-unique']);

/**
 * Checks the current screen against WCAG 2.1 A and AA with axe and fails on every violation of impact serious or
 * critical, naming the rule and the elements. Includes the experimental rule `label-content-name-mismatch`;
 * `landmark-unique` (moderate) fails too.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // WCAG 2.5.3 "Label in Name" is an experimental axe rule, off by default: checked here all the same.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    // axe.run in the page itself: the default (runPartial per frame, then finishRun in a new blank page with axe
    // injected once more) opens a page and parses axe three times per check, twice the time (730 → 360 ms a check,
    // measured over the 68 checks of forms.spec.ts and link-crawl.spec.ts). It exists for cross-origin frames, which
    // the portal does not embed; same-origin frames are checked either way.
    .setLegacyMode()
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || ALWAYS_FAIL.has(violation.id))
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `accessibility violations on ${screen}`).toEqual([]);
}
