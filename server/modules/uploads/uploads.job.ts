import type { Logger } from '../../log';
import type { Scheduler } from '../../platform/jobs/scheduler';
import type { UploadsService } from './uploads.service';

/** How often the clean-up of expired uploads runs, in milliseconds. */
export const UPLOAD_PURGE_INTERVAL_MS = 15 * 60_000;

/**
 * Registers the clean-up of unused uploads past UPLOAD_PENDING_HOURS as the scheduled job `uploads.purge` (every
 * UPLOAD_PURGE_INTERVAL_MS of the clock): the job lease lets one process of a cluster run each due time, and a failed
 * run is tried again by the scheduler (server/platform/jobs/scheduler.ts). The delete is idempotent, so a run repeated
 * after a crash does no harm. Register before `scheduler.start()`.
 */
export function scheduleUploadPurge(scheduler: Scheduler, uploads: UploadsService, logger: Logger, intervalMs = UPLOAD_PURGE_INTERVAL_MS): void {
  scheduler.scheduleJob('uploads.purge', intervalMs, async () => {
    const deleted = await uploads.purgeExpired();
    if (deleted > 0) logger.info('expired uploads deleted', { deleted });
  });
}
