/**
 * The client configuration comes with the page (decision 0034, amendment "later"; server/http/served-config.ts): the
 * server runs the web app's persisted `AppShell_Query` once and writes its answer into every index page as a JSON
 * data block, so the app starts its router without asking first. The block is what the same query answers over
 * GraphQL, cannot be closed early by configured HTML, and the page keeps its compression and revalidation.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webOperations } from '../security/graphql-operations';
import { startTestServer, type TestServer } from '../helpers/test-server';

const ANNOUNCEMENT = '<p>Wartung am <strong>1. Dezember</strong></p></script><script>alert(1)</script>';
const BLOCK = /<script type="application\/json" id="client-config">([^<]*)<\/script>/;

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolvePromise, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** What `AppShell_Query` answers over GraphQL, by its persisted hash, as the web app would ask. */
async function appShellOverGraphQL(server: TestServer): Promise<unknown> {
  const op = webOperations().find((o) => o.name === 'AppShell_Query')!;
  const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: op.hash } }));
  const res = await fetch(`${server.url}/graphql?operationName=${op.name}&extensions=${extensions}`, { headers: { accept: 'application/json' } });
  return ((await res.json()) as { data: unknown }).data;
}

let webRoot: string;
let main: TestServer;
let regional: TestServer;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'portal-served-config-'));
  const page = (frame: string) => `<!doctype html><html lang="de"><head><title>Mitgliederportal</title></head><body><div id="root">${frame}</div></body></html>`;
  writeFileSync(join(webRoot, 'index.html'), page(''));
  for (const tenant of ['main', 'regional']) writeFileSync(join(webRoot, `index.${tenant}-visitor.html`), page('<div data-prerender="visitor"></div>'));
  main = await startTestServer({ members: 0, webRoot, env: { ANNOUNCEMENT_HTML: ANNOUNCEMENT, IDLE_WARNING_MINUTES: '7' } });
  regional = await startTestServer({ members: 0, webRoot, env: { TENANT: 'regional' } });
});
afterAll(async () => {
  await main.close();
  await regional.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the client configuration in the page', () => {
  it('is the answer of AppShell_Query over GraphQL, in the visitor variant and the plain index alike', async () => {
    const over = await appShellOverGraphQL(main);
    expect(over).toMatchObject({ clientConfig: { tenant: 'MAIN', idleWarningSeconds: 420, announcement: ANNOUNCEMENT } });
    for (const path of ['/', '/?embedded=1']) {
      const page = (await get(`${main.url}${path}`)).body.toString('utf8');
      const block = BLOCK.exec(page);
      expect(block, path).not.toBeNull();
      expect(JSON.parse(block![1]!)).toEqual(over);
      // Before </head>, the rest of the page unchanged.
      expect(page.indexOf('id="client-config"')).toBeLessThan(page.indexOf('</head>'));
    }
    const regionalPage = (await get(regional.url)).body.toString('utf8');
    expect(JSON.parse(BLOCK.exec(regionalPage)![1]!)).toEqual(await appShellOverGraphQL(regional));
    expect(JSON.parse(BLOCK.exec(regionalPage)![1]!)).toMatchObject({ clientConfig: { tenant: 'REGIONAL', announcement: null } });
  });

  it('cannot be closed by the configured HTML: every < is escaped inside the block', async () => {
    const page = (await get(main.url)).body.toString('utf8');
    const block = BLOCK.exec(page)![1]!;
    expect(block).not.toContain('<');
    expect(block).toContain('\\u003c/script>');
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it('keeps compression and revalidation: the same bytes in brotli, gzip and plain, one ETag, 304 when unchanged', async () => {
    const plain = await get(main.url, { 'accept-encoding': 'identity' });
    const br = await get(main.url, { 'accept-encoding': 'gzip, br' });
    const gzip = await get(main.url, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    expect(new Set([plain, br, gzip].map((a) => a.headers.etag)).size).toBe(1);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding, Cookie');
    const again = await get(main.url, { 'accept-encoding': 'gzip, br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
