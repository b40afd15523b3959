import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
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

/** Puts `frame` into the built index.html: its stylesheets into the head, the route markers and the frame into the body. */
export function withFrame(template: string, manifest: Manifest, frame: PrerenderedFrame, consent: boolean): string {
  const entryStyles = new Set(stylesheetsOf(manifest, 'index.html'));
  const styles = [...new Set(frame.modules.flatMap((m) => stylesheetsOf(manifest, m)))].filter((css) => !entryStyles.has(css));
  const links = styles.map((css) => `  <link rel="stylesheet" crossorigin href="./${css}">\n  `).join('');
  // Zero-size elements at the top of the page, one per hash route of the frame: `:target` shows the frame on those
  // routes only (styles/global.css), and scrolling to the target leaves the page at its top.
  const markers = frame.routes.map((route) => `<i class="prerender-target" id="${route}"></i>`).join('');
  const banners = frame.html.match(COOKIE_BANNER)?.length ?? 0;
  if (banners !== 1) throw new Error(`prerender: expected one cookie notice in the ${frame.audience} frame, found ${banners}`);
  // The form is inert until the app takes over: nothing typed into it could be lost, and it cannot be sent natively.
  const html = (consent ? frame.html.replace(COOKIE_BANNER, '') : frame.html).replaceAll('<form', '<form inert');
  const body = `${markers}\n    <div id="root"><div class="prerender" data-prerender="${frame.audience}">${html}</div></div>`;
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  return template.replace('</head>', `${links}</head>`).replace('<div id="root"></div>', body);
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
