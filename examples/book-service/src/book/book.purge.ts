import { Counter, Gauge, type Registry } from 'prom-client';

import type { Logger } from '../logger.js';
import { oldestBookDeletion, purgeDeletedBooks } from './book.repository.js';

const DAY_MS = 86_400_000;

export interface PurgeSchedule {
  /** Days a deleted book stays restorable (DELETED_RETENTION_DAYS). */
  retentionDays: number;
  /** Seconds between purges (PURGE_INTERVAL_SECONDS). */
  intervalSeconds: number;
}

/**
 * Purges the deleted books past their retention now and then every interval, as long as
 * the service runs; every replica does, and their purges share the rows (see
 * purgeDeletedBooks). Counts what it purged and the age of the oldest deleted
 * book in `registry`. A purge that fails (the database away) is logged and tried again at the
 * next interval. `stop()` waits for a purge under way.
 */
export function startPurging(schedule: PurgeSchedule, registry: Registry, logger: Logger): { stop(): Promise<void> } {
  const purged = new Counter({
    name: 'books_purged_total',
    help: 'Deleted books removed for good, DELETED_RETENTION_DAYS after their delete.',
    registers: [registry],
  });
  let oldest: number | undefined;
  new Gauge({
    name: 'books_oldest_deleted_age_seconds',
    help: 'Age of the oldest deleted book as of the last purge (0 when none is deleted).',
    registers: [registry],
    collect() {
      this.set(oldest === undefined ? 0 : (Date.now() - oldest) / 1000);
    },
  });

  const purge = async () => {
    try {
      const count = await purgeDeletedBooks(new Date(Date.now() - schedule.retentionDays * DAY_MS));
      purged.inc(count);
      const at = await oldestBookDeletion();
      oldest = at === undefined ? undefined : Date.parse(at);
      if (count > 0) logger.info({ purged: count, retentionDays: schedule.retentionDays }, `purged ${count} deleted books`);
    } catch (error) {
      logger.warn({ err: error }, 'purging deleted books failed; trying again at the next interval');
    }
  };
  let running = purge();
  // unref: the schedule alone does not keep the process alive.
  const timer = setInterval(() => {
    running = running.then(purge);
  }, schedule.intervalSeconds * 1000).unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
