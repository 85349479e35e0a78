/**
 * The load itself: one scenario's requests sent by autocannon through a load profile, and the
 * figures a run gives (throughput and exact latency percentiles).
 */
import autocannon from 'autocannon';

export type Request = { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };

export interface Step {
  connections: number;
  seconds: number;
}

/** Connections of the flat profile, and of the ramp's plateau. */
export const CONNECTIONS = 20;
/** Load sent before each scenario and not measured: V8 compiles the hot paths in the first seconds. */
export const WARM_UP_SECONDS = 5;

/** Aborted on Ctrl-C or SIGTERM (see stopOnSignals): the load under way stops, and no other starts. */
const interruption = new AbortController();

/**
 * Ctrl-C, or a CI job's time running out: measure() throws "stopped by SIGINT" (or SIGTERM), so the
 * caller's finally blocks still run; the exit code is 130 (143). A second Ctrl-C ends the process at once.
 */
export function stopOnSignals(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      process.exitCode = code;
      interruption.abort(new Error(`stopped by ${signal}`));
    });
  }
}

/**
 * The load profiles. `flat`: 20 connections for 20 s. `ramp`: up to 20 connections in 30 s, 60 s
 * at 20, down in 30 s (the load tests' profile, in 10 s steps). `--short` cuts every step to 5 s
 * (flat) or 1 s (ramp) for CI.
 */
export function profile(name: string, short: boolean): Step[] {
  if (name === 'flat') return [{ connections: CONNECTIONS, seconds: short ? 5 : 20 }];
  if (name === 'ramp')
    return [5, 10, 15, 20, 20, 20, 20, 20, 20, 15, 10, 5].map((connections) => ({ connections, seconds: short ? 1 : 10 }));
  throw new Error(`unknown profile "${name}" (flat or ramp)`);
}

/** What a run measured: every response's latency, and the counts. */
export interface Tally {
  latencies: number[];
  requests: number;
  seconds: number;
  errors: number;
  non2xx: number;
}

export const emptyTally = (): Tally => ({ latencies: [], requests: 0, seconds: 0, errors: 0, non2xx: 0 });

/** One autocannon run; latencies are kept per response, so p95 is exact (autocannon reports no p95). */
export async function measure(
  url: string,
  next: () => Request,
  { connections, seconds }: Step,
  into: Tally = emptyTally(),
): Promise<Tally> {
  interruption.signal.throwIfAborted();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
        // Not push(...latencies) at the end: a long run holds more responses than a call takes arguments.
        setupClient: (client) =>
          client.on('response', (_status: number, _bytes: number, responseTime: number) => into.latencies.push(responseTime)),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    const stopRun = () => run.stop();
    interruption.signal.addEventListener('abort', stopRun, { once: true });
    run.once('done', () => interruption.signal.removeEventListener('abort', stopRun));
  });
  interruption.signal.throwIfAborted();
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.errors += result.errors + result.timeouts;
  into.non2xx += result.non2xx;
  return into;
}

export interface Figures {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function figures(scenario: string, tally: Tally): Figures {
  const latencies = tally.latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    scenario,
    requestsPerSecond: Math.round(tally.requests / tally.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: tally.errors,
    non2xx: tally.non2xx,
  };
}

export function printTable(results: Figures[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx'];
  const rows = results.map((r) => [r.scenario, r.requestsPerSecond, r.p50, r.p95, r.p99, r.errors, r.non2xx].map(String));
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log([line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'));
}
