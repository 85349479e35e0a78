import { setTimeout as sleep } from 'node:timers/promises';

export interface BackoffOptions {
  /** Delay before the first retry. */
  initialDelayMs: number;
  /** No delay exceeds this, however many attempts failed. */
  maxDelayMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialDelayMs: 250, maxDelayMs: 5_000 };

/**
 * Delay before retry number `attempt` (1, 2, ...): doubles from initialDelayMs up to
 * maxDelayMs, then shortened by up to 20% at random so that replicas started together
 * do not retry in lockstep. With the defaults: ~250, 500, 1000, 2000, 4000, 5000, 5000 ms.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random = Math.random): number {
  const exponential = options.initialDelayMs * 2 ** Math.min(attempt - 1, 30);
  const capped = Math.min(exponential, options.maxDelayMs);
  return Math.round(capped * (1 - 0.2 * random()));
}

export interface RetryOptions extends Partial<BackoffOptions> {
  /** Errors for which this answers false are thrown at once. */
  retryable(error: unknown): boolean;
  /** Called before each wait, e.g. to log. */
  onRetry?(error: unknown, attempt: number, delayMs: number): void;
  /** Aborting stops the waiting: the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Calls `fn` until it resolves, waiting with exponential backoff after each retryable failure. */
export async function retryWithBackoff<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const backoff = { ...DEFAULT_BACKOFF, ...options };
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await fn();
    } catch (error) {
      if (!options.retryable(error)) throw error;
      const delayMs = backoffDelay(attempt, backoff);
      options.onRetry?.(error, attempt, delayMs);
      await sleep(delayMs, undefined, { signal: options.signal });
    }
  }
}
