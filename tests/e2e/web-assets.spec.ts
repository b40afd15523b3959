import { expect, test } from './helpers/portal-clock';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';

/** GET with node:http, which (unlike fetch) hands over the body exactly as encoded on the wire. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Compression and caching of the web app, against the real build: the page's entry script comes brotli-compressed and immutable, index.html
 * revalidates, the favicon and the web app manifest exist, and the browser loads the page with both.
 */
test('the built app is served compressed and cacheable, with a favicon and a manifest', async ({ page, request, baseURL }) => {
  const index = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers().etag).toBeTruthy();
  const html = await index.text();
  // The index variant with the prerendered frame names the entry for its start script (decision 0040).
  const entry = /data-entry="\.\/(assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  expect(entry, html).toBeTruthy();

  const compressed = await rawGet(`${baseURL}/${entry}`, { 'Accept-Encoding': 'gzip, deflate, br' });
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(compressed.headers.vary).toBe('Accept-Encoding');
  expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const plain = await rawGet(`${baseURL}/${entry}`, {});
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(brotliDecompressSync(compressed.body).equals(plain.body)).toBe(true);
  expect(compressed.body.length).toBeLessThan(plain.body.length / 3);

  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toBe('image/svg+xml');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(await manifest.json()).toMatchObject({ name: 'Mitgliederportal', lang: 'de-AT' });

  await page.goto('/');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', './favicon.svg');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', './manifest.webmanifest');
});
