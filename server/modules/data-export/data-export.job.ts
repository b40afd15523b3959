import type { Logger } from '../../log';
import type { Scheduler } from '../../platform/jobs/scheduler';
import { DATA_EXPORT_JOB, DATA_EXPORT_JOB_INTERVAL_MS } from './data-export.rules';
import type { DataExportService } from './data-export.service';

/**
 * Registers the building and the deletion of data archives as the scheduled job `data-export.run` (every
 * DATA_EXPORT_JOB_INTERVAL_MS of the clock, and at once when a request wakes it; docs/decisions/0052-data-archive.md).
 * The job lease (server/platform/jobs/scheduler.ts) lets one process of all run it; a process that dies during a run
 * keeps the lease until it runs out (10 minutes), then any process takes the job over and builds the requests still
 * PENDING. Register before `scheduler.start()`.
 */
export function scheduleDataExports(scheduler: Scheduler, service: DataExportService, logger: Logger): void {
  scheduler.scheduleJob(DATA_EXPORT_JOB, DATA_EXPORT_JOB_INTERVAL_MS, async () => {
    const { built, deleted } = await service.runJob();
    if (built + deleted > 0) logger.info('data archives built and deleted', { built, deleted });
  });
}
