import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { prerenderedIndexName } from '../../server/http/prerendered-index';
import { createStaticHandler } from '../../server/http/static';
import { bootScriptFile, indexVariantName, withFrame } from '../../web/prerender-index';

/**
 * The prerendered first screen (decision 0040): the index variants with the prerendered first screen, how the build writes them
 * (web/prerender-index.ts) and which one the server answers `GET /` with (server/http/prerendered-index.ts).
 */
const request = (url: string, cookie?: string) => ({ url, headers: cookie ? { cookie } : {} }) as IncomingMessage;

describe('prerenderedIndexName', () => {
  const config = loadConfig({});
  it('picks the frame by the session cookie and the notice by the consent cookie', () => {
    expect(prerenderedIndexName(request('/'), config)).toBe('index.main-visitor.html');
    expect(prerenderedIndexName(request('/', 'mvbv_session=abc'), config)).toBe('index.main-member.html');
    expect(prerenderedIndexName(request('/', 'acceptCookies=1; mvbv_session=abc'), config)).toBe('index.main-member-consent.html');
    // A cleared session cookie is no session.
    expect(prerenderedIndexName(request('/', 'mvbv_session=; acceptCookies=1'), config)).toBe('index.main-visitor-consent.html');
    expect(prerenderedIndexName(request('/', 'mvbv_session=abc'), loadConfig({ TENANT: 'regional' }))).toBe('index.regional-member.html');
    // Over HTTPS the session cookie is __Host- prefixed; the unprefixed name does not count there.
    const https = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.at' });
    expect(prerenderedIndexName(request('/', '__Host-mvbv_session=abc'), https)).toBe('index.main-member.html');
    expect(prerenderedIndexName(request('/', 'mvbv_session=abc'), https)).toBe('index.main-visitor.html');
  });
  it('answers the plain index for the embedded login', () => {
    expect(prerenderedIndexName(request('/?embedded=1', 'mvbv_session=abc'), config)).toBe('index.html');
  });
});

describe('GET / with index variants', () => {
  let root: string;
  let server: Server;
  let url: string;
  let chosen = 'index.main-visitor.html';
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-index-'));
    writeFileSync(join(root, 'index.html'), 'plain');
    writeFileSync(join(root, 'index.main-visitor.html'), 'visitor');
    const handler = createStaticHandler(root, { serveSourceMaps: false, indexFile: () => chosen });
    server = createServer((req, res) => handler(req, res, new URL(req.url ?? '/', 'http://x').pathname));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the chosen variant, varying by cookie, and index.html when the variant is missing or not a plain name', async () => {
    const answer = await fetch(url);
    expect(await answer.text()).toBe('visitor');
    expect(answer.headers.get('vary')).toBe('Cookie');
    chosen = 'index.main-member.html';
    expect(await (await fetch(url)).text()).toBe('plain');
    chosen = '../index.main-visitor.html';
    expect(await (await fetch(url)).text()).toBe('plain');
  });
});

describe('withFrame', () => {
  const template = [
    '<html><head>',
    '    <script type="module" crossorigin src="./assets/index-1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="./assets/react-4.js">',
    '    <link rel="modulepreload" crossorigin href="./assets/paths-5.js">',
    '    <link rel="stylesheet" href="./assets/index-1.css">',
    '  </head><body>\n    <div id="root"></div>\n  </body></html>',
  ].join('\n');
  const manifest = {
    'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
    'src/app/routes/login.tsx': { file: 'assets/login-2.js', imports: ['_shared.js'], css: ['assets/login-2.css'] },
    '_shared.js': { file: 'assets/shared-3.js', imports: ['index.html'], css: ['assets/shared-3.css'] },
  };
  const frame = {
    tenant: 'main' as const,
    audience: 'visitor' as const,
    routes: ['/login'],
    modules: ['src/app/routes/login.tsx'],
    html: '<div class="page"><section class="cookie-banner" aria-label="Cookies"><div><p>Text</p></div></section><form><input name="email"></form><button type="button">Menü</button></div>',
  };

  it('adds the route stylesheets the entry lacks, the start script, an inert form, and drops the notice for consent', () => {
    const page = withFrame(template, manifest, frame, false);
    expect(page.match(/href="\.\/assets\/[\w-]+\.css"/g)).toEqual(['href="./assets/index-1.css"', 'href="./assets/shared-3.css"', 'href="./assets/login-2.css"']);
    // The app's scripts start from the start script, after the first paint; none is left in the HTML itself.
    expect(page).not.toMatch(/type="module"|modulepreload/);
    expect(page).toContain(
      `<script src="./${bootScriptFile()}" data-routes="/login" data-entry="./assets/index-1.js" data-preload="./assets/react-4.js ./assets/paths-5.js"></script>`,
    );
    expect(page).toContain('<div id="root"><div class="prerender" data-prerender="visitor"><div class="page"><section class="cookie-banner"');
    expect(page).toContain('<form inert><input name="email"></form><button inert type="button">Menü</button>');
    const consent = withFrame(template, manifest, frame, true);
    expect(consent).not.toContain('cookie-banner');
    expect(consent).toContain('<div class="page"><form inert>');
    expect(indexVariantName(frame, true)).toBe('index.main-visitor-consent.html');
  });

  it('refuses a frame without exactly one cookie notice', () => {
    expect(() => withFrame(template, manifest, { ...frame, html: '<div></div>' }, false)).toThrow(/one cookie notice/);
  });
});
