/**
 * The root run's scheduling (test/support/runner): jobs side by side, never two in one project
 * folder, each after what it waits for; and how a job's output becomes its counts.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { type Job, type Outcome, withPrerequisites } from '../support/runner/job.js';
import { runPool } from '../support/runner/pool.js';
import { uvuTotals } from '../support/runner/run-job.js';

const job = (name: string, more: Partial<Job> = {}): Job => ({ name, kind: 'tests', cwd: '.', command: ['true'], ...more });

/** Runs the jobs through the pool with fake work; `fails` names the jobs whose work fails; `wrong` says when the jobs running at once break a rule. */
async function schedule(jobs: Job[], width: number, fails: string[] = [], wrong: (running: Job[]) => boolean = () => false) {
  const running = new Set<Job>();
  let most = 0;
  const overlaps: string[] = [];
  const order: string[] = [];
  const outcomes = await runPool(
    jobs,
    width,
    async (current): Promise<Outcome> => {
      for (const other of running) if (other.folder !== undefined && other.folder === current.folder) overlaps.push(`${other.name} + ${current.name}`);
      running.add(current);
      if (wrong([...running])) overlaps.push([...running].map((j) => j.name).join(' + '));
      most = Math.max(most, running.size);
      order.push(current.name);
      await sleep(5);
      running.delete(current);
      return { passed: 1, failed: fails.includes(current.name) ? 1 : 0, seconds: 0 };
    },
    () => {},
  );
  return { outcomes, most, overlaps, order };
}

test('runs as many jobs at once as the width allows, never two in one folder', async () => {
  const jobs = [job('a', { folder: 'x' }), job('b', { folder: 'x' }), job('c'), job('d', { folder: 'x' }), job('e')];
  const { most, overlaps, outcomes } = await schedule(jobs, 2);
  assert.is(most, 2);
  assert.equal(overlaps, []);
  assert.is(outcomes.size, 5);
});

test('a job that must run alone has nothing beside it, and the jobs after it wait for it', async () => {
  const jobs = [job('before'), job('timed', { alone: true }), job('after 1'), job('after 2')];
  const { most, order, overlaps } = await schedule(jobs, 2, [], (running) => running.some((j) => j.alone) && running.length > 1);
  assert.equal(order, ['before', 'timed', 'after 1', 'after 2']);
  assert.equal(overlaps, []);
  assert.is(most, 2);
});

test('a job starts only after what it waits for; when that fails, it does not run and counts one failure', async () => {
  const make = job('make project', { kind: 'setup' });
  const broken = job('make other', { kind: 'setup' });
  const jobs = withPrerequisites([job('tests', { after: [make] }), job('other tests', { after: [broken] }), job('alone')]);
  assert.equal(jobs.map((j) => j.name), ['make project', 'tests', 'make other', 'other tests', 'alone']);
  const { order, outcomes } = await schedule(jobs, 2, ['make other']);
  assert.ok(order.indexOf('tests') > order.indexOf('make project'));
  assert.not.ok(order.includes('other tests'));
  const skipped = [...outcomes].find(([j]) => j.name === 'other tests')![1];
  assert.equal(skipped, { passed: 0, failed: 1, seconds: 0, note: 'not run: make other failed' });
});

test("a job's counts are uvu's last totals, colours stripped", () => {
  const project = '  Total:     10\n  Passed:    10\n';
  const own = '\u001b[32m  Total:     3\u001b[39m\n  Passed:    2\n  Skipped:   0\n';
  assert.equal(uvuTotals(`${project}FAIL spec 2\n${own}`), { passed: 2, failed: 1 });
  assert.is(uvuTotals('Error: setup crashed\n'), undefined);
});

test.run();
