import type { Logger } from '../../log';
import type { Scheduler } from '../../platform/jobs/scheduler';
import type { CaptchaService } from './captcha.service';

/** How often the records of used captcha solutions are purged, in milliseconds. */
export const CAPTCHA_PURGE_INTERVAL_MS = 15 * 60_000;

/**
 * Registers the purge of used captcha solutions past their challenge's expiry (and of whatever else `purge` is given,
 * e.g. pending files of the public upload form) as the scheduled job `captcha.purge`: the job lease lets one process
 * of a cluster run each due time; the deletes are idempotent. Register before `scheduler.start()`.
 */
export function scheduleCaptchaPurge(
  scheduler: Scheduler,
  captcha: CaptchaService,
  logger: Logger,
  extra: () => Promise<number> = async () => 0,
  intervalMs = CAPTCHA_PURGE_INTERVAL_MS,
): void {
  scheduler.scheduleJob('captcha.purge', intervalMs, async () => {
    const deleted = (await captcha.purgeExpired()) + (await extra());
    if (deleted > 0) logger.info('expired captcha records deleted', { deleted });
  });
}
