import { Webhook } from 'standardwebhooks';
import type { Logger } from '../../log';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { leaseOwnerId } from '../../platform/shared/poller';
import type { DueDelivery, WebhooksStore } from './webhooks.store';

/** How long deliveries are retried: 3 days after the event (decision 0053). */
export const WEBHOOK_RETRY_PERIOD_MS = 3 * 24 * 3_600_000;
/** Time-out of one attempt (ms). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a claimed delivery stays with its worker (ms); above the time-out. */
const LEASE_MS = 60_000;
/** Deliveries sent per round. */
const BATCH = 20;

/**
 * Pause before the next attempt after `attempts` failed ones (ms): the Standard Webhooks specification's suggested
 * schedule ("Retry schedule": 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then every 10 hours until the retry period ends.
 */
export function webhookRetryDelayMs(attempts: number): number {
  const schedule = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
  return schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1]!;
}

/** The body of a delivery (Standard Webhooks "Payload structure"): `type`, `timestamp`, `data`. */
export function webhookPayload(event: DueDelivery['event']): string {
  const data = { ...(JSON.parse(event.data) as Record<string, unknown>), eventId: String(event.id), personId: event.personId, subjectId: event.subjectId, actor: event.actor };
  return JSON.stringify({ type: event.type, timestamp: event.occurredAt, data });
}

/**
 * Sends the due webhook deliveries (decision 0053), signed as the Standard Webhooks specification says with its
 * library: headers `webhook-id` (`msg_<event id>`, the same for every attempt, so the receiver can drop repeats),
 * `webhook-timestamp` (seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>`). A 2xx answer delivers; anything
 * else (other status, redirect, network error, time-out) is retried on `webhookRetryDelayMs` until 3 days after the
 * event, each attempt logged in `webhook_attempts`. A delivery given up after the whole period disables its endpoint
 * when that endpoint delivered nothing since the event (persistently failing). At least once: a worker that dies after
 * sending but before recording sends again once its lease ran out. `production`: only https URLs are called.
 */
export function createWebhookDelivery(deps: { store: WebhooksStore; clock: Clock; logger: Logger; production: boolean; fetchFn?: typeof fetch }) {
  const { store, clock, logger } = deps;
  const owner = leaseOwnerId();
  const send = deps.fetchFn ?? fetch;

  async function attempt(item: DueDelivery): Promise<void> {
    const { delivery, endpoint, event } = item;
    const started = clock.now();
    const payload = webhookPayload(event);
    let status: number | null = null;
    let error: string | null = null;
    if (deps.production && !endpoint.url.startsWith('https://')) {
      error = 'only https endpoints are called in production';
    } else {
      try {
        const msgId = `msg_${event.id}`;
        const timestamp = new Date(started);
        const signature = new Webhook(endpoint.secret).sign(msgId, timestamp, payload);
        const res = await send(endpoint.url, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'Content-Type': 'application/json',
            'webhook-id': msgId,
            'webhook-timestamp': String(Math.floor(started / 1000)),
            'webhook-signature': signature,
            'User-Agent': 'mvbv-portal-webhooks',
          },
          body: payload,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        status = res.status;
        await res.body?.cancel();
      } catch (e) {
        error = (e instanceof Error ? e.message : String(e)).slice(0, 200);
      }
    }
    const attemptedAt = isoInstant(clock.now());
    const record = { attemptedAt, status, error, durationMs: Math.max(0, clock.now() - started) };
    if (status !== null && status >= 200 && status < 300) {
      await store.recordAttempt(delivery.id, owner, record, { delivered: true });
      return;
    }
    const next = clock.now() + webhookRetryDelayMs(delivery.attempts + 1);
    const giveUp = next > Date.parse(delivery.createdAt) + WEBHOOK_RETRY_PERIOD_MS;
    await store.recordAttempt(delivery.id, owner, record, { delivered: false, retryAt: giveUp ? null : isoInstant(next) });
    logger.info('webhook delivery failed', { endpointId: endpoint.id, eventId: event.id, attempt: delivery.attempts + 1, status, error, givenUp: giveUp });
    if (giveUp && !(await store.deliveredSince(endpoint.id, delivery.createdAt))) {
      await store.disable(endpoint.id, 'failing', attemptedAt);
      logger.warn('webhook endpoint disabled after failing for the whole retry period', { endpointId: endpoint.id, url: endpoint.url });
    }
  }

  return {
    /** One round: claims the due deliveries and attempts each; resolves to how many were attempted. */
    async runDue(): Promise<number> {
      const now = clock.now();
      const due = await store.claim(owner, isoInstant(now), isoInstant(now + LEASE_MS), BATCH);
      for (const item of due) await attempt(item);
      return due.length;
    },
  };
}
