/**
 * Runs jobs a few at a time: a job starts once everything it waits for has passed and no running
 * job holds its folder, in the order given (so the longest jobs, listed first, start first). A job
 * that must run alone starts when nothing else runs, and no job listed after it starts before it.
 * A job whose prerequisite failed does not run and counts as one failure.
 */
import type { Job, Outcome } from './job.js';

export async function runPool(jobs: Job[], width: number, start: (job: Job) => Promise<Outcome>, onEnd: (job: Job, outcome: Outcome) => void): Promise<Map<Job, Outcome>> {
  const outcomes = new Map<Job, Outcome>();
  const pending = [...jobs];
  const running = new Map<Job, Promise<void>>();
  const busyFolders = new Set<string>();

  const finish = (job: Job, outcome: Outcome) => {
    outcomes.set(job, outcome);
    onEnd(job, outcome);
  };

  /** The first pending job that may start now, after settling those that never can. */
  const next = (): Job | undefined => {
    if ([...running.keys()].some((job) => job.alone)) return undefined;
    for (const job of pending) {
      const before = job.after ?? [];
      const failed = before.find((other) => outcomes.has(other) && !passed(outcomes.get(other)!));
      if (failed) {
        pending.splice(pending.indexOf(job), 1);
        finish(job, { passed: 0, failed: 1, seconds: 0, note: `not run: ${failed.name} failed` });
        return next();
      }
      const ready = before.every((other) => outcomes.has(other)) && (job.folder === undefined || !busyFolders.has(job.folder));
      if (job.alone) return ready && running.size === 0 ? job : undefined;
      if (ready) return job;
    }
    return undefined;
  };

  for (;;) {
    for (let job = next(); job !== undefined && running.size < width; job = next()) {
      pending.splice(pending.indexOf(job), 1);
      if (job.folder !== undefined) busyFolders.add(job.folder);
      const current = job;
      running.set(
        current,
        start(current).then((outcome) => {
          running.delete(current);
          if (current.folder !== undefined) busyFolders.delete(current.folder);
          finish(current, outcome);
        }),
      );
    }
    if (running.size === 0) break;
    await Promise.race(running.values());
  }
  // Whatever is left waits for a job that was never given: a mistake in the list, reported as such.
  for (const job of pending) finish(job, { passed: 0, failed: 1, seconds: 0, note: 'not run: it waits for a job that is not in the run' });
  return outcomes;
}

export function passed(outcome: Outcome): boolean {
  return outcome.failed === 0 && !outcome.skipped;
}
