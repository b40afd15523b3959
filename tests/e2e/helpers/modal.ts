import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A static modal dialog of web/src/components/ui/modal-dialog.tsx (react-aria, decision 0031): visible under its
 * role and name, focus inside it, and the app behind it (#root) inert. react-aria sets no `aria-modal`: the app
 * behind is inert instead, which keeps it from screen readers, pointer and keyboard alike.
 */
export async function expectModalDialog(page: Page, name: string, role: 'dialog' | 'alertdialog' = 'dialog'): Promise<Locator> {
  const dialog = page.getByRole(role, { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), { message: 'focus is inside the dialog' }).toBe(true);
  await expect.poll(() => page.evaluate(() => document.getElementById('root')?.inert), { message: 'the app behind the dialog is inert' }).toBe(true);
  return dialog;
}

/** What has the focus: its tag, role and text, and whether it lies inside `dialog`. */
async function focusedIn(dialog: Locator): Promise<{ inside: boolean; element: string }> {
  return dialog.evaluate((box) => {
    const active = document.activeElement;
    const element = active
      ? `${active.tagName}|${active.getAttribute('name') ?? ''}|${active.getAttribute('aria-label') ?? ''}|${(active.textContent ?? '').slice(0, 40)}`
      : 'none';
    return { inside: !!active && box.contains(active), element };
  });
}

/**
 * The keyboard rules of a static modal (spec 000 section 2: "static and cannot be closed by keyboard"): Tab and
 * Shift+Tab, pressed more often than the dialog has focusable elements, keep the focus inside and come round to an
 * element already visited (the focus cycles); Escape and a click outside leave the dialog open.
 */
export async function expectStaticModalKeyboard(page: Page, dialog: Locator, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    const visited: string[] = [];
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const focused = await focusedIn(dialog);
      expect(focused.inside, `${key} #${i + 1} keeps the focus inside the dialog (${focused.element})`).toBe(true);
      visited.push(focused.element);
    }
    expect(new Set(visited).size, `${key} comes round to an element already visited`).toBeLessThan(visited.length);
  }
  await page.keyboard.press('Escape');
  await page.mouse.click(3, 3);
  await expect(dialog).toBeVisible();
  // The click outside may move the focus for a moment before the dialog's focus trap takes it back: polled.
  await expect.poll(async () => (await focusedIn(dialog)).inside, { message: 'focus stays inside after Escape and a click outside' }).toBe(true);
}
