import { expect, type Locator, type Page } from '@playwright/test';

/*
 * The shared select of the field kit (web/src/components/ui/select-field.tsx, react-aria Select): a trigger button
 * named by its chosen value and its label, and a list box in a pop-over outside the field's section.
 */

/** The trigger of the select labelled `label` inside `scope` (its name is the chosen value, then the label). */
export function selectTrigger(scope: Locator | Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('button', { name: new RegExp(`(^|\\s)${escaped}$`) });
}

/** Opens the select with the mouse, clicks the option `option` and waits until the list is closed. */
export async function chooseOption(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  await selectTrigger(scope, label).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(selectTrigger(scope, label)).toHaveText(option);
}

/** The texts of all options of the select (opened and closed again with Escape). */
export async function optionTexts(page: Page, scope: Locator | Page, label: string): Promise<string[]> {
  await selectTrigger(scope, label).click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const texts = (await list.getByRole('option').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  return texts;
}

/** The options of the open list that lie wholly inside its visible box. */
export async function optionsInView(page: Page): Promise<string[]> {
  return page.getByRole('listbox').evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll('[role="option"]')]
      .filter((option) => {
        const r = option.getBoundingClientRect();
        return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      })
      .map((option) => (option.textContent ?? '').trim());
  });
}

/**
 * Opens the select `trigger` by keyboard (focus, Enter) in a viewport `width` px wide (800 px high at 1280, else 844)
 * and expects spec 000 section 9 "Dropdown size 5 rows": the list shows, five options lie in view and the rest scrolls.
 * @returns the open list box
 */
export async function openFiveRowSelect(page: Page, trigger: Locator, width: number): Promise<Locator> {
  await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
  await trigger.scrollIntoViewIfNeeded();
  await trigger.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await expect.poll(async () => (await optionsInView(page)).length).toBe(5);
  expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  return list;
}
