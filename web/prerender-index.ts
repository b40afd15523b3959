import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { DISMISSED_KEY } from './src/lib/cookie-consent';
import type { PrerenderedFrame, renderFrames as RenderFrames } from './src/prerender/frames';

/** Vite's build manifest: per source module its output file, stylesheets and static imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The cookie notice's markup in a frame: one `<section>` with no section inside (components/layout/cookie-banner.tsx). */
const COOKIE_BANNER = /<section class="cookie-banner"[\s\S]*?<\/section>/g;

/** The stylesheets `module` and its static imports bring, in import order. */
function stylesheetsOf(manifest: Manifest, module: string, seen = new Set<string>()): string[] {
  const chunk = manifest[module];
  if (!chunk || seen.has(module)) return [];
  seen.add(module);
  return [...(chunk.imports ?? []).flatMap((m) => stylesheetsOf(manifest, m, seen)), ...(chunk.css ?? [])];
}

/**
 * The file name of a prerendered index variant (dist/web), as server/http/prerendered-index.ts picks it:
 * `index.<tenant>-<visitor|member>[-consent].html`; `-consent` is the variant without the cookie notice.
 */
export function indexVariantName(frame: Pick<PrerenderedFrame, 'tenant' | 'audience'>, consent: boolean): string {
  return `index.${frame.tenant}-${frame.audience}${consent ? '-consent' : ''}.html`;
}

/**
 * The start script of the index variants, a classic script in the head (parser-blocking, so it runs before the first
 * paint; the stylesheets load beside it). It
 * - shows the frame (`prerender-shown` on <html>, styles/global.css) when the hash route is one the frame was made for
 *   (`data-routes`), so no other route ever shows the login form;
 * - hides the frame's cookie notice when it was dismissed for this browser session (`cookie-notice-dismissed`);
 * - starts the app's scripts (`data-entry`, `data-preload`: what Vite put into index.html) once the frame has been
 *   painted, as the browser's paint timing reports it (the presentation, not only the main thread's frame: under
 *   load the two were a second apart): on a slow line the HTML and CSS that make the first screen do not share it
 *   with about 200 KiB of JavaScript. At once when no frame shows or the tab is hidden (it paints nothing until it
 *   shows); after an animation frame without paint timing; at the latest after 3 s.
 */
export const BOOT_SCRIPT = `(function () {
  var script = document.currentScript;
  var route = decodeURIComponent(location.hash.replace(/^#/, '')).split('?')[0] || '/';
  var shown = (script.dataset.routes || '').split(' ').indexOf(route) !== -1;
  if (shown) document.documentElement.classList.add('prerender-shown');
  // The cookie notice dismissed for this browser session (sessionStorage, which the server cannot see) stays hidden.
  try {
    if (sessionStorage.getItem('${DISMISSED_KEY}') === '1') document.documentElement.classList.add('cookie-notice-dismissed');
  } catch (error) {
    // storage refused: the app decides
  }
  var started = false;
  function add(tag, attributes) {
    var element = document.createElement(tag);
    element.crossOrigin = '';
    for (var name in attributes) element[name] = attributes[name];
    document.head.appendChild(element);
  }
  function start() {
    if (started) return;
    started = true;
    (script.dataset.preload || '').split(' ').filter(Boolean).forEach(function (href) { add('link', { rel: 'modulepreload', href: href }); });
    add('script', { type: 'module', src: script.dataset.entry });
  }
  var paint = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  var visible = document.visibilityState !== 'hidden';
  if (shown && visible && paint) {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(start, 3000);
  } else if (shown && visible) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  } else {
    start();
  }
})();
`;

/** The start script's file under assets/, named by its content like Vite's files (cached as immutable). */
export function bootScriptFile(): string {
  return `assets/boot-${createHash('sha256').update(BOOT_SCRIPT).digest('base64url').slice(0, 8)}.js`;
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Puts `frame` into the built index.html: the route stylesheets into the head, the app's scripts behind the start
 * script (BOOT_SCRIPT), the frame into #root.
 */
export function withFrame(template: string, manifest: Manifest, frame: PrerenderedFrame, consent: boolean): string {
  const entryStyles = new Set(stylesheetsOf(manifest, 'index.html'));
  const styles = [...new Set(frame.modules.flatMap((m) => stylesheetsOf(manifest, m)))].filter((css) => !entryStyles.has(css));
  const entry = MODULE_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('prerender: index.html has no module script');
  const preload = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const head = [
    ...styles.map((css) => `<link rel="stylesheet" crossorigin href="./${css}">`),
    `<script src="./${bootScriptFile()}" data-routes="${frame.routes.join(' ')}" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`,
  ].map((line) => `  ${line}\n  `);
  const banners = frame.html.match(COOKIE_BANNER)?.length ?? 0;
  if (banners !== 1) throw new Error(`prerender: expected one cookie notice in the ${frame.audience} frame, found ${banners}`);
  // Form and buttons are inert until the app takes over: they do nothing without it, nothing typed could be lost, and
  // the form cannot be sent natively (a GET with the password in the address).
  const html = (consent ? frame.html.replace(COOKIE_BANNER, '') : frame.html).replaceAll('<form', '<form inert').replaceAll('<button', '<button inert');
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  return template
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${head.join('')}</head>`)
    .replace('<div id="root"></div>', `<div id="root"><div class="prerender" data-prerender="${frame.audience}">${html}</div></div>`);
}

/**
 * After the build: renders the frames (web/src/prerender/frames.tsx) with Vite's SSR loader, and writes one index
 * variant per tenant, audience and cookie consent beside index.html, which stays as it is (decision 0040).
 */
export async function prerenderIndex(configFile: string, outDir: string): Promise<string[]> {
  const server = await createServer({
    configFile,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderFrames } = (await server.ssrLoadModule('/src/prerender/frames.tsx')) as { renderFrames: typeof RenderFrames };
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    writeFileSync(join(outDir, bootScriptFile()), BOOT_SCRIPT);
    return renderFrames().flatMap((frame) =>
      [false, true].map((consent) => {
        const name = indexVariantName(frame, consent);
        writeFileSync(join(outDir, name), withFrame(template, manifest, frame, consent));
        return name;
      }),
    );
  } finally {
    await server.close();
  }
}
