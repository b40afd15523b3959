import { useLayoutEffect } from 'react';

/**
 * The screen frame the build prerenders into index.html (web/src/prerender/frames.tsx, decision 0040): the login
 * screen for a visitor, the member shell's frame for a logged-in member. It stays on screen, in place of the app,
 * until the app's first screen has rendered in full; then both swap in one frame (a layout effect runs before the
 * browser paints), so no loading state and no wrong screen shows in between.
 */
let pending: { frame: Element; container: HTMLElement } | null = null;

/** The audience of the frame the server sent with the page (`data-prerender`), shown or not; null without one. */
let audience: 'visitor' | 'member' | null = null;

/**
 * Which frame the server chose for this page: `visitor` when the request carried no session cookie
 * (server/http/prerendered-index.ts), `member` when it did, null for a page without a frame (`?embedded=1`, the
 * development server). Read when the app starts (`appContainer`).
 */
export function servedFrameAudience(): 'visitor' | 'member' | null {
  return audience;
}

/**
 * The element the app renders into. Without a prerendered frame, or when the frame is hidden (the hash route is not
 * one it was rendered for: the start script did not mark <html> with `prerender-shown`, web/prerender-index.ts),
 * that is `root` itself and the frame is dropped; otherwise a new hidden element after the frame, shown by
 * `releasePrerender`.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  const frame = root.querySelector(':scope > [data-prerender]');
  if (!frame) return root;
  const served = frame.getAttribute('data-prerender');
  audience = served === 'visitor' || served === 'member' ? served : null;
  if (!document.documentElement.classList.contains('prerender-shown')) {
    frame.remove();
    return root;
  }
  const container = document.createElement('div');
  container.hidden = true;
  root.append(container);
  pending = { frame, container };
  return container;
}

/**
 * Replaces the prerendered frame by the app; does nothing when there is none (left). React's `autoFocus` ran while
 * the app was hidden, which moves no focus: the field the frame marks `autofocus` (by its name) takes it now, unless
 * the member has focused something else meanwhile.
 */
function releasePrerender(): void {
  if (!pending) return;
  const { frame, container } = pending;
  pending = null;
  const autofocus = frame.querySelector('[autofocus][name]')?.getAttribute('name');
  frame.remove();
  container.hidden = false;
  if (autofocus && (document.activeElement === null || document.activeElement === document.body)) {
    container.querySelector<HTMLElement>(`[name="${CSS.escape(autofocus)}"]`)?.focus();
  }
}

/** Releases the prerendered frame once `ready`: the component now shows what the frame stood for. */
export function useReleasePrerender(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) releasePrerender();
  }, [ready]);
}
