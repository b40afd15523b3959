import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient } from '../helpers/client';
import { sqlAll, sqlOne, sqlRun } from '../helpers/raw-sql';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { documentsOf, MARK_READ, personIdOf, readAtOf } from './documents-helpers';

/** `markDocumentRead` (spec 001 section 3): once and idempotent with fresh counts; one NOT_FOUND for what is not the caller's. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('markDocumentRead', () => {
  it('marks an own document read once, idempotently, and refreshes the counts', async () => {
    const client = await loginAs(server, 'anna');
    const doc = (await documentsOf(client, { category: 'PERFORMANCE_STATEMENT' })).documents.nodes.find((d) => d.documentDate === '2025-12-31')!;
    const first = await client.operation(MARK_READ, { id: doc.id });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.markDocumentRead.error).toBeNull();
    const payload = first.body.data!.markDocumentRead.ok!;
    expect(payload).toMatchObject({ document: { id: doc.id, unread: false } });
    expect(payload.documentCounts.find((c) => c.category === 'PERFORMANCE_STATEMENT')).toEqual({ category: 'PERFORMANCE_STATEMENT', total: 11, unread: 0 });
    const readAt = await readAtOf(server.db, doc.id);
    expect(readAt).toBe(payload.document.readAt);
    server.clock.advance(1000);
    const again = await client.operation(MARK_READ, { id: doc.id });
    expect(again.body.data!.markDocumentRead).toMatchObject({ ok: { document: { readAt } }, error: null });
  });

  it("answers the same NOT_FOUND for anna's id asked by bernd, an unknown and a malformed id, and changes nothing", async () => {
    // A fresh unread document of anna: reset the newest Kontonachricht to unread.
    const annaDoc = await sqlOne<{ id: number }>(
      server.db,
      `SELECT id FROM documents WHERE person_id = ? AND category = 'VK_ACCOUNT_STATEMENT' ORDER BY document_date DESC LIMIT 1`,
      await personIdOf(server.db, 'anna'),
    );
    await sqlRun(server.db, 'UPDATE documents SET read_at = NULL WHERE id = ?', annaDoc.id);
    const readAts = async () => (await sqlAll<{ read_at: string | null }>(server.db, 'SELECT read_at FROM documents ORDER BY id')).map((r) => r.read_at);
    const before = await readAts();
    const client = await loginAs(server, 'bernd');
    const payloads = [];
    for (const id of [String(annaDoc.id), '99999999', 'abc', '-1', '1e3', '']) {
      const res = await client.operation(MARK_READ, { id });
      expect(res.body.errors, id).toBeUndefined();
      payloads.push(res.body.data!.markDocumentRead);
    }
    for (const p of payloads) {
      expect(p).toEqual({ ok: null, error: { code: 'NOT_FOUND', message: 'Das Dokument wurde nicht gefunden.', fieldErrors: [] } });
    }
    expect(await readAts()).toEqual(before);
  });

  it('throws UNAUTHENTICATED without a session', async () => {
    const res = await new PortalClient(server.url).operation(MARK_READ, { id: '1' });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await readAtOf(server.db, 1)).not.toBeUndefined();
  });
});
