import type { Logger } from '../../log';
import type { UploadsService } from './uploads.service';

/** How often the clean-up of expired uploads runs, in milliseconds. */
export const UPLOAD_PURGE_INTERVAL_MS = 15 * 60_000;

/**
 * Starts the periodic clean-up of unused uploads past UPLOAD_PENDING_HOURS (one run at once, then every
 * UPLOAD_PURGE_INTERVAL_MS; the timer does not keep the process alive). Each process of a cluster runs it; the delete
 * is idempotent, so runs on several processes or machines do no harm. Returns the function that stops it.
 */
export function startUploadPurgeJob(uploads: UploadsService, logger: Logger, intervalMs = UPLOAD_PURGE_INTERVAL_MS): () => void {
  const run = () => {
    uploads.purgeExpired().then(
      (deleted) => {
        if (deleted > 0) logger.info('expired uploads deleted', { deleted });
      },
      (error: unknown) => logger.warn('upload clean-up failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
