/**
 * Runs one job's command in a process group of its own, its stdout and stderr written as they
 * come into one log file, and turns what it printed into counts. A job still running after the
 * limit hangs: its whole group (npm, shells, node, servers) is killed and it counts as failed.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

import type { Job, Outcome } from './job.js';

export interface Started {
  /** Kills the job's process group (when the run itself is stopped). */
  stop(): void;
  done: Promise<Outcome>;
}

export function runJob(job: Job, env: NodeJS.ProcessEnv, log: string, limitMs: number): Started {
  const [program, ...args] = job.command as [string, ...string[]];
  const fd = openSync(log, 'a');
  const started = Date.now();
  const child = spawn(program, args, { cwd: job.cwd, env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const killGroup = () => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // The group has ended already.
    }
  };
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, limitMs);
  const done = new Promise<Outcome>((resolve) => {
    const end = (status: number | null, error?: Error) => {
      clearTimeout(timer);
      // A server or worker a test left running would hold ports, data folders and CPU into the next job.
      killGroup();
      const seconds = Math.round((Date.now() - started) / 1000);
      if (error) return resolve({ passed: 0, failed: 1, seconds, note: `could not start ${program}: ${error.message}`, log });
      if (timedOut) return resolve({ passed: 0, failed: 1, seconds, note: `still running after ${limitMs / 60_000} minutes: stopped, counted as one failure`, log });
      resolve({ ...counts(job, readFileSync(log, 'utf8'), status), seconds, log });
    };
    child.once('error', (error) => end(null, error));
    child.once('exit', (status) => end(status));
  });
  return { stop: killGroup, done };
}

function counts(job: Job, output: string, status: number | null): Omit<Outcome, 'seconds'> {
  if (job.kind === 'setup') return status === 0 ? { passed: 0, failed: 0 } : { passed: 0, failed: 1, note: `exited with ${status}` };
  if (job.kind === 'check') return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exited with ${status}` };
  const totals = uvuTotals(output);
  if (!totals) return { passed: 0, failed: 1, note: `no test totals printed (exit code ${status}): counted as one failure` };
  if (status !== 0 && totals.failed === 0) return { passed: totals.passed, failed: 1, note: `exited with ${status} although every test passed: counted as one failure` };
  return totals;
}

/**
 * uvu has no machine-readable reporter: its closing block (`Total:`, `Passed:`) is the report,
 * read once its colours are stripped. (NO_COLOR would leave it plain, but Node warns on stderr
 * wherever a test sets FORCE_COLOR for a child, and tests read stderr.) The last block counts:
 * a job may print a project's own uvu output before its own.
 */
export function uvuTotals(colored: string): { passed: number; failed: number } | undefined {
  const output = colored.replace(/\u001b\[[0-9;]*m/g, '');
  const total = [...output.matchAll(/^\s*Total:\s+(\d+)\s*$/gm)].at(-1);
  const passed = [...output.matchAll(/^\s*Passed:\s+(\d+)\s*$/gm)].at(-1);
  if (!total || !passed) return undefined;
  return { passed: Number(passed[1]), failed: Number(total[1]) - Number(passed[1]) };
}
