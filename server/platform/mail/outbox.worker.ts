/**
 * The mail worker of one portal process (docs/scaling.md): claims due rows of the mail outbox with a lease, sends
 * them, and records the outcome (sent: row deleted and sent_mails written; failed: retried with backoff, given up
 * after MAIL_MAX_ATTEMPTS). Every process runs one; the lease (and on PostgreSQL `FOR UPDATE SKIP LOCKED`) makes each
 * mail go to one worker. A crash after the SMTP server accepted a mail but before it was marked sent resends it when
 * the lease runs out (at least once, never lost).
 */
import type { Logger } from '../../log';
import { isoInstant, type Clock } from '../shared/clock';
import { createPoller, leaseOwnerId } from '../shared/poller';
import { MAIL_LEASE_MS, type OutboxRow, type OutboxStore } from './outbox.store';

/** Delivers one outbox row over SMTP or into an .eml file; resolves when the server accepted it. */
export type MailTransport = (row: OutboxRow) => Promise<void>;

/** Mails claimed per round. */
const BATCH = 10;

export interface MailWorker {
  /** Identity in `mail_outbox.lease_owner`: host, process id and a random part. */
  readonly owner: string;
  /** Starts polling every `pollMs` (real time; due times follow the injected clock). No-op when pollMs is 0. */
  start(): void;
  /** Stops polling and waking, and resolves when the round in progress has finished. */
  stop(): Promise<void>;
  /** Asks for a round soon (after a mail was queued); ignored when stopped or when pollMs is 0. */
  wake(): void;
  /** Runs rounds until nothing is due (after the one in progress); resolves to the number of mails attempted. */
  drain(): Promise<number>;
}

export function createMailWorker(deps: { store: OutboxStore; transport: MailTransport; clock: Clock; logger: Logger; pollMs: number }): MailWorker {
  const { store, transport, clock, logger, pollMs } = deps;
  const owner = leaseOwnerId();

  /** One round: claim up to BATCH due mails and attempt each. Resolves to the number claimed. */
  async function round(): Promise<number> {
    const now = clock.now();
    const rows = await store.claim(owner, isoInstant(now), isoInstant(now + MAIL_LEASE_MS), BATCH);
    for (const row of rows) {
      try {
        await transport(row);
        await store.markSent(row, isoInstant(clock.now()));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const givenUp = await store.markFailed(row, owner, message, clock.now());
        logger[givenUp ? 'error' : 'warn'](givenUp ? 'mail given up' : 'mail not sent; will retry', { kind: row.kind, attempts: row.attempts + 1, error: message });
      }
    }
    return rows.length;
  }

  // Rounds until one claims fewer than BATCH and no wake came in meanwhile.
  const poller = createPoller({ pollMs, round, again: (claimed) => claimed === BATCH, logger, what: 'mail worker round' });

  return {
    owner,
    start: () => poller.start(),
    stop: () => poller.stop(),
    wake() {
      if (!poller.stopped && pollMs > 0) void poller.trigger();
    },
    async drain() {
      return (await poller.drain()).reduce((a, b) => a + b, 0);
    },
  };
}
