import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { CloudEvent } from 'cloudevents';
import type { Knex } from 'knex';
import { Counter, Gauge, type Registry } from 'prom-client';

import type { Logger } from '../logger.js';
import { changeEvent, type RecordedChange } from './change-event.js';
import { anyChange, forgetChanges, holdLease, oldestChanges, outboxDepth, releaseLease } from './outbox.js';

/** A broker the relay publishes to; the relay knows nothing else of it. */
export interface Publisher {
  /** Resolves once the broker can take events (connecting if need be); rejects while it cannot. */
  connect(): Promise<void>;
  /** Resolves once the broker has stored the event; a republish of its id within the broker's window is dropped. */
  publish(event: CloudEvent<unknown>): Promise<void>;
  close(): Promise<void>;
}

export interface RelaySettings {
  /** Changes read, published and removed at a time (EVENTS_BATCH_SIZE). */
  batchSize: number;
  /** How long an idle relay waits before it looks again (EVENTS_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** How long the lease lasts unless extended: how long a dead relay's work waits for another replica. */
  leaseSeconds: number;
}

/** The longest wait between two tries while the broker cannot take events. */
const MAX_BACKOFF_MS = 5_000;

/**
 * Publishes the outbox's changes, oldest first, and removes each once the broker stored it, as long
 * as the service runs. Every replica runs one; the one holding the lease publishes, the others
 * stand by. Each book's events are published one after the other, in the order recorded, and
 * none after one that failed: a failed event and those behind it stay for the next try. A relay
 * killed between publish and remove publishes again, under the same id, which the broker drops.
 * Counts what it published and failed to publish, and reports the outbox's depth and the age of
 * its oldest change in `registry`. `stop()` finishes the batch under way and gives up the lease.
 */
export function startRelay(
  knex: Knex,
  publisher: Publisher,
  settings: RelaySettings,
  registry: Registry,
  logger: Logger,
): { stop(): Promise<void> } {
  const published = new Counter({ name: 'events_published_total', help: 'Change events the broker stored.', registers: [registry] });
  const failures = new Counter({
    name: 'events_publish_failures_total',
    help: 'Tries to publish that failed (the broker away or refusing); the changes wait in the outbox.',
    registers: [registry],
  });
  registerOutboxGauges(knex, registry);

  const holder = randomUUID();
  const stopping = new AbortController();
  let failing: string | undefined;

  /** One batch: false when there was nothing (more) to do for now. */
  const relayBatch = async (): Promise<boolean> => {
    await publisher.connect();
    // A read first: an idle relay writes nothing (the lease is a write), however often it looks.
    if (!(await anyChange(knex)) || !(await holdLease(knex, holder, settings.leaseSeconds))) return false;
    const batch = await oldestChanges(knex, settings.batchSize);
    if (batch.length === 0) return false;
    const { ids, error } = await publishInOrder(batch, publisher);
    if (ids.length > 0) await forgetChanges(knex, ids);
    published.inc(ids.length);
    if (error !== undefined) throw error;
    return batch.length === settings.batchSize;
  };

  const run = async () => {
    let backoffMs = settings.pollIntervalMs;
    while (!stopping.signal.aborted) {
      try {
        const more = await relayBatch();
        if (failing !== undefined) logger.info('events: publishing again');
        failing = undefined;
        backoffMs = settings.pollIntervalMs;
        if (!more) await sleep(settings.pollIntervalMs, undefined, { signal: stopping.signal });
      } catch (error) {
        if (stopping.signal.aborted) break;
        failures.inc();
        // One line when it starts failing, not one per try; another reason meanwhile is a debug line.
        const reason = error instanceof Error ? error.message : String(error);
        if (failing === undefined)
          logger.warn({ err: error }, `events: cannot publish (${reason}); changes wait in the outbox, trying again`);
        else if (failing !== reason) logger.debug({ err: error }, `events: still cannot publish (${reason})`);
        failing = reason;
        await sleep(backoffMs, undefined, { signal: stopping.signal }).catch(() => undefined);
        backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
      }
    }
  };
  const running = run().catch(() => undefined);

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    stopping.abort();
    await running;
    await releaseLease(knex, holder).catch((error: unknown) => logger.warn({ err: error }, 'events: could not give up the relay lease'));
    await publisher.close();
  };
  return {
    stop: () => {
      stopped ??= stop();
      return stopped;
    },
  };
}

/**
 * Publishes a batch: the events of one book one after the other, those of different ones side by
 * side. The ids published, and the first error: the events of a book behind its failed one are not tried.
 */
async function publishInOrder(batch: RecordedChange[], publisher: Publisher): Promise<{ ids: string[]; error: unknown }> {
  const byItem = Map.groupBy(batch, (recorded) => recorded.item.id);
  const ids: string[] = [];
  let error: unknown;
  await Promise.all(
    [...byItem.values()].map(async (changes) => {
      for (const recorded of changes) {
        try {
          await publisher.publish(changeEvent(recorded));
        } catch (failure) {
          error ??= failure;
          return;
        }
        ids.push(recorded.id);
      }
    }),
  );
  return { ids, error };
}

/** events_outbox_depth and events_outbox_oldest_age_seconds, read from the outbox once per scrape. */
function registerOutboxGauges(knex: Knex, registry: Registry): void {
  let last: Awaited<ReturnType<typeof outboxDepth>> = { depth: 0, oldest: undefined };
  let reading: Promise<typeof last> | undefined;
  // Both gauges are collected side by side: they share one query. Without the database the last
  // figures stay: the scrape itself must not fail.
  const read = () => {
    reading ??= outboxDepth(knex)
      .catch(() => last)
      .then((figures) => {
        last = figures;
        reading = undefined;
        return figures;
      });
    return reading;
  };
  new Gauge({
    name: 'events_outbox_depth',
    help: 'Changes recorded in the outbox and not yet published.',
    registers: [registry],
    async collect() {
      this.set((await read()).depth);
    },
  });
  new Gauge({
    name: 'events_outbox_oldest_age_seconds',
    help: 'Age of the oldest change not yet published (0 when none waits).',
    registers: [registry],
    async collect() {
      const { oldest } = await read();
      this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - Date.parse(oldest)) / 1000));
    },
  });
}
