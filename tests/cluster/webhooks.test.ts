/**
 * Webhooks of the fund's event feed across processes (decision 0053), through `server/main.ts` as `npm start` runs it, on
 * the engine of the vitest project: two portal processes over one database deliver every event to the registered
 * endpoint exactly once (the job lease and the per-delivery lease; on PostgreSQL `FOR UPDATE SKIP LOCKED`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client';
import { systemClock } from '../../server/platform/shared/clock';
import { createFundEventsStore } from '../../server/fund/events/events.store';
import { createWebhooksStore } from '../../server/fund/webhooks/webhooks.store';
import { databaseEnv, startPortal, stopPortal, type Portal } from '../helpers/portal-process';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';

let dir: string;
let location: string;
let db: Db;
let receiver: Server;
let receiverUrl: string;
const received: string[] = [];
const waiting: (() => void)[] = [];
const started: Portal[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-webhooks-'));
  location = await createTestDatabase(dir);
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.writeHead(204).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // The first start migrates and seeds.
  await stopPortal(await startPortal({ ...databaseEnv(location), JOB_POLL_MS: '0' }));
  db = await openDatabase(location);
}, 120_000);

afterAll(async () => {
  for (const p of started) await stopPortal(p, 'SIGKILL');
  await db?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await dropTestDatabase(TEST_ENGINE === 'postgresql' ? location : undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves once the receiver has `count` requests (or rejects after `ms`). */
function receivedCount(count: number, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} deliveries after ${ms} ms`)), ms);
    const check = () => {
      if (received.length >= count) {
        clearTimeout(timer);
        resolve();
      } else waiting.push(check);
    };
    check();
  });
}

describe(`webhooks with two portal processes on ${TEST_ENGINE} (decision 0053)`, () => {
  it('delivers every event once while two processes run the delivery job', async () => {
    const endpoint = await createWebhooksStore(db).addEndpoint(receiverUrl, 'claim.*', new Date().toISOString());
    const env = { ...databaseEnv(location), JOB_POLL_MS: '20' };
    const [a, b] = [await startPortal(env), await startPortal(env)];
    started.push(a, b);
    const events = createFundEventsStore({ db, clock: systemClock });
    for (let i = 0; i < 30; i++) await events.record({ type: 'claim.status_changed', personId: null, subjectId: i, actor: { kind: 'system' }, data: { i } });
    await receivedCount(30, 60_000);
    // A graceful stop waits for the round in progress; after it nothing can deliver any more.
    await Promise.all([stopPortal(a), stopPortal(b)]);
    expect(received).toHaveLength(30);
    expect(new Set(received).size).toBe(30);
    await createWebhooksStore(db).disable(endpoint.id, 'operator', new Date().toISOString());
  }, 120_000);
});
