import type { Locator, Page } from '@playwright/test';

/*
 * The signature field (web/src/components/ui/signature-pad.tsx): a canvas drawn with signature_pad.
 */

/** Draws one zigzag stroke with the mouse across the canvas `canvas` (scrolled into view first). */
export async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 200);
  await page.mouse.down();
  for (const [dx, dy] of [
    [80, -60],
    [160, 40],
    [240, -80],
    [320, 30],
    [420, -20],
  ] as const)
    await page.mouse.move(box.x + 40 + dx, box.y + 200 + dy, { steps: 5 });
  await page.mouse.up();
}

/** How many pixels of the canvas `canvas` are dark (ink on its white background); 0 when it is empty. */
export function inkedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) count += 1;
    return count;
  });
}
