import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from '../../server/http/static';
import { precompressFolder } from '../../web/precompress';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Compression and caching of the web app: its assets are precompressed at build time (web/precompress.ts, the same function the
 * Vite build calls) and served by Accept-Encoding with Vary; hashed assets are immutable, index.html revalidates
 * with an ETag; source maps are not served in production; API answers above the threshold are compressed.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const script = `export const portal = ${JSON.stringify('Mitgliederportal '.repeat(400))};\n`;
const html = `<!doctype html><html lang="de"><head><title>Mitgliederportal</title></head><body>${'<p>Willkommen</p>'.repeat(100)}</body></html>`;

let root: string;
let production: Server;
let development: Server;
let prodUrl: string;
let devUrl: string;

async function serve(serveSourceMaps: boolean): Promise<{ server: Server; url: string }> {
  const handler = createStaticHandler(root, { serveSourceMaps });
  const server = createServer((req, res) => handler(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portal-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), html);
  writeFileSync(join(root, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(root, 'assets', 'index-AbC123.js.map'), JSON.stringify({ version: 3, sources: ['secret.tsx'], mappings: '' }));
  writeFileSync(join(root, 'assets', 'tiny-X1.js'), 'export {};\n');
  expect(precompressFolder(root).sort()).toEqual(['assets/index-AbC123.js', 'index.html']);
  // The workbench's page (decision 0054), a folder with its own index.html.
  mkdirSync(join(root, 'backoffice'));
  writeFileSync(join(root, 'backoffice', 'index.html'), '<!doctype html><title>Arbeitsplatz</title>');
  ({ server: production, url: prodUrl } = await serve(false));
  ({ server: development, url: devUrl } = await serve(true));
});

afterAll(async () => {
  await new Promise((r) => production.close(r));
  await new Promise((r) => development.close(r));
  rmSync(root, { recursive: true, force: true });
});

describe('static assets: precompressed variants by Accept-Encoding', () => {
  it('sends brotli to a browser that accepts it, with Vary, immutable caching and the exact bytes', async () => {
    const res = await get(`${prodUrl}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted or refused by q=0, and the plain file when nothing is accepted', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await get(`${prodUrl}/assets/index-AbC123.js`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(script);
    }
    const plain = await get(`${prodUrl}/assets/index-AbC123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);
  });

  it('leaves files under the size threshold uncompressed and without Vary', async () => {
    const res = await get(`${prodUrl}/assets/tiny-X1.js`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.toString()).toBe('export {};\n');
  });

  it('revalidates index.html: no-cache with an ETag, 304 when unchanged, in every encoding', async () => {
    const first = await get(`${prodUrl}/`, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(html);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await get(`${prodUrl}/`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const stale = await get(`${prodUrl}/`, { 'if-none-match': 'W/"0-0"' });
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe(html);
  });

  it('answers HEAD with the headers of the chosen variant and no body', async () => {
    const res = await get(`${prodUrl}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(readFileSync(join(root, 'assets', 'index-AbC123.js.gz')).length);
    expect(res.body.length).toBe(0);
  });

  it('never serves the variant files by their own names', async () => {
    expect((await get(`${prodUrl}/assets/index-AbC123.js.br`)).status).toBe(404);
    expect((await get(`${prodUrl}/assets/index-AbC123.js.gz`)).status).toBe(404);
  });

  it("serves a folder's index.html at its path with the slash, and redirects the path without it", async () => {
    const page = await get(`${prodUrl}/backoffice/`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>Arbeitsplatz</title>');
    const bare = await fetch(`${prodUrl}/backoffice`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/backoffice/');
    expect((await get(`${prodUrl}/assets/`)).status).toBe(404);
  });

  it('does not serve source maps in production, but does in development', async () => {
    expect((await get(`${prodUrl}/assets/index-AbC123.js.map`)).status).toBe(404);
    const dev = await get(`${devUrl}/assets/index-AbC123.js.map`);
    expect(dev.status).toBe(200);
    expect(JSON.parse(dev.body.toString())).toMatchObject({ version: 3 });
  });
});

describe('API answers: compressed above the threshold', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ members: 1, env: { COMPRESSION_THRESHOLD_BYTES: '1024' } });
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (path: string, body: string, accept: string) =>
    new Promise<RawAnswer>((resolvePromise, reject) => {
      const req = request(
        `${server.url}${path}`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'x-application-version': 'test', 'accept-encoding': accept } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('compresses a large GraphQL answer with the encoding the client accepts', async () => {
    // Sent over node:http to read the compressed bytes as they come (fetch would decompress them): text, not PortalClient.
    const query = JSON.stringify({ query: '{ __schema { types { name description } } }' });
    const br = await post('/graphql', query, 'br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const text = brotliDecompressSync(br.body).toString();
    expect(text.length).toBeGreaterThan(1024);
    expect(JSON.parse(text).data.__schema.types.length).toBeGreaterThan(10);
    const gz = await post('/graphql', query, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(text);
    const plain = await post('/graphql', query, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(text);
  });

  it('sends a small REST answer as it is', async () => {
    const res = await post('/rest/checkSessionQuiet', '{}', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ loggedIn: false });
  });
});
