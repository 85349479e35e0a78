/**
 * What the root run prints: a line when a job starts, its whole log when it fails (a summary line
 * with the log's path when it passes), and at the end a table of every job with its counts and
 * seconds.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

import type { Job, Outcome } from './job.js';

export function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

export function reportStart(job: Job): void {
  console.log(`start  ${job.name}`);
}

export function reportEnd(job: Job, outcome: Outcome): void {
  const counts = job.kind === 'tests' ? `${outcome.passed} passed, ${outcome.failed} failed, ` : '';
  const summary = `${job.name}: ${counts}${outcome.seconds} s`;
  if (outcome.skipped) return console.log(`skip   ${job.name}: ${outcome.note} (not counted)`);
  if (outcome.failed === 0) return console.log(`pass   ${summary} (log: ${outcome.log})`);
  if (outcome.log) {
    console.log(`\n----- ${job.name}: its whole log (${outcome.log}) -----`);
    process.stdout.write(readFileSync(outcome.log, 'utf8'));
    console.log(`----- end of ${job.name} -----`);
  }
  console.log(`FAIL   ${summary}${outcome.note ? `: ${outcome.note}` : ''}`);
}

/** Every job in the order given, with its tests and seconds, and the run's wall time against the jobs' time. */
export function table(jobs: Job[], outcomes: Map<Job, Outcome>, wallSeconds: number, width: number): string {
  const rows = jobs.map((job) => {
    const outcome = outcomes.get(job)!;
    const result = outcome.skipped ? 'skipped' : outcome.failed > 0 ? `${outcome.failed} failed` : 'ok';
    const tests = job.kind === 'tests' && !outcome.skipped ? String(outcome.passed + outcome.failed) : '';
    return [job.name, tests, result, String(outcome.seconds)];
  });
  const header = ['job', 'tests', 'result', 'seconds'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const jobSeconds = [...outcomes.values()].reduce((sum, outcome) => sum + outcome.seconds, 0);
  return [
    line(header),
    ...rows.map(line),
    `${wallSeconds} s wall time for ${jobSeconds} s of jobs, ${width} at a time; load average now ${load()}`,
  ].join('\n');
}
