/**
 * What the root run (`npm test`, test/run.ts) schedules: a job is one command in one folder, run
 * in a process group of its own with its output kept in a log file.
 */

export interface Job {
  /** Shown when it starts and ends and in the closing table; `npm test -- <text>` selects by it. */
  name: string;
  cwd: string;
  /** The program and its arguments. */
  command: string[];
  /** Variables set for the command; `undefined` removes one (e.g. DATABASE_URL for PGlite). */
  env?: Record<string, string | undefined>;
  /**
   * Run against a PostgreSQL database of its own on the server of DATABASE_URL, named this plus
   * a random suffix, and dropped at the end of the run.
   */
  database?: string;
  /**
   * A project folder the job writes in or runs a project's processes from: no other job with the
   * same folder runs at the same time (a build's `dist/`, a data folder's lock, `node_modules`).
   */
  folder?: string;
  /**
   * Its tests hold the service to time limits under load (a drain after SIGTERM, time-outs): it
   * runs with no other job beside it, and the jobs listed after it wait until it has run.
   */
  alone?: boolean;
  /** Jobs that must have passed first (the projects it tests, made by setup jobs). */
  after?: Job[];
  /**
   * `tests`: uvu's totals are the job's counts. `setup`: making what other jobs need (a project,
   * a type-check); it counts only when it fails, as one failure. `check`: one command whose exit
   * code is its verdict (the bench guard), counted as one test passed or failed.
   */
  kind: 'tests' | 'setup' | 'check';
  /** Why the job cannot run here: it is skipped, or counted as one failure under CI=true. */
  missing?: string;
}

export interface Outcome {
  passed: number;
  failed: number;
  seconds: number;
  /** Why it failed beyond its tests' own failures (a crash, a hang, a setup it waited for), or why it was skipped. */
  note?: string;
  skipped?: boolean;
  log?: string;
}

/** The jobs given and every job they wait for, in an order where each comes after what it waits for. */
export function withPrerequisites(jobs: Job[]): Job[] {
  const ordered: Job[] = [];
  const visit = (job: Job) => {
    if (ordered.includes(job)) return;
    for (const before of job.after ?? []) visit(before);
    ordered.push(job);
  };
  for (const job of jobs) visit(job);
  return ordered;
}
