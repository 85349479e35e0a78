import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { backoffDelay, retryWithBackoff } from '../src/backoff.js';

const test = suite('backoff');

test('doubles from the initial delay and stops at the cap', () => {
  const options = { initialDelayMs: 250, maxDelayMs: 5_000 };
  const delays = [1, 2, 3, 4, 5, 6, 7, 50].map((attempt) => backoffDelay(attempt, options, () => 0));
  assert.equal(delays, [250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
});

test('jitter only shortens, by at most 20%', () => {
  const options = { initialDelayMs: 1_000, maxDelayMs: 1_000 };
  assert.is(
    backoffDelay(1, options, () => 0.999_999),
    800,
  );
  assert.is(
    backoffDelay(9, options, () => 0.5),
    900,
  );
});

test('retries retryable errors until success, reporting each attempt', async () => {
  const seen: number[] = [];
  let calls = 0;
  const result = await retryWithBackoff(
    async () => {
      calls++;
      if (calls < 3) throw new Error('down');
      return 'up';
    },
    { initialDelayMs: 1, maxDelayMs: 2, retryable: () => true, onRetry: (_error, attempt) => seen.push(attempt) },
  );
  assert.is(result, 'up');
  assert.equal(seen, [1, 2]);
});

test('throws a non-retryable error at once', async () => {
  let calls = 0;
  const error = await retryWithBackoff(
    async () => {
      calls++;
      throw new Error('bad password');
    },
    { initialDelayMs: 1, maxDelayMs: 1, retryable: () => false },
  ).catch((caught: Error) => caught);
  assert.is((error as Error).message, 'bad password');
  assert.is(calls, 1);
});

test('an abort ends the waiting', async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 20);
  const started = Date.now();
  const error = await retryWithBackoff(() => Promise.reject(new Error('down')), {
    initialDelayMs: 10_000,
    maxDelayMs: 10_000,
    retryable: () => true,
    signal: controller.signal,
  }).catch((caught: Error) => caught);
  assert.is((error as Error).name, 'AbortError');
  assert.ok(Date.now() - started < 1_000);
});

test.run();
