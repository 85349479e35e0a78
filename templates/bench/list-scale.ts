/**
 * `--rows N`: the list requests measured on the table at 100 rows and again filled to N rows,
 * side by side in one run: throughput and p50/p99 at 20 connections, and one client's p50. Then
 * each request's figures at N against those at 100: a request served by an index answers about
 * as fast at a million rows as at 100; the exact count is the one that grows with the table.
 */
import { CONNECTIONS, figures, measure, type Request } from './load.js';
import { LIST_SCENARIOS, PAGE_SIZE, type Round } from './list-scenarios.js';

export interface Timing {
  /** Before the first round: a service that has just started answers its first seconds slowly (JIT). */
  serviceWarmUpSeconds: number;
  warmUpSeconds: number;
  loadSeconds: number;
  oneClientSeconds: number;
}

/** Seconds per scenario and round: unmeasured warm-up, 20 connections, then one client. */
export const TIMINGS: Record<'full' | 'short', Timing> = {
  full: { serviceWarmUpSeconds: 10, warmUpSeconds: 5, loadSeconds: 10, oneClientSeconds: 5 },
  short: { serviceWarmUpSeconds: 3, warmUpSeconds: 1, loadSeconds: 1, oneClientSeconds: 1 },
};

/** Unmeasured list requests, so that the first round meets a service as warm as the second does. */
export async function warmUp(round: Round, timing: Timing): Promise<void> {
  const request = (): Request => ({ method: 'GET', path: `${round.api}?pageSize=${PAGE_SIZE}`, headers: round.headers });
  await measure(round.url, request, { connections: CONNECTIONS, seconds: timing.serviceWarmUpSeconds });
}

/** The round's first size: the rows of a small table. */
export const SMALL_ROWS = 100;

export interface Measured {
  scenario: string;
  rows: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  oneClientP50: number;
  errors: number;
  non2xx: number;
}

export type RoundResult = Measured | { scenario: string; rows: number; unavailable: string };

export const isMeasured = (result: RoundResult | undefined): result is Measured => result !== undefined && !('unavailable' in result);

/** Every list scenario on the table as it is now: warm-up, 20 connections, one client. */
export async function measureRound(round: Round, timing: Timing): Promise<RoundResult[]> {
  const results: RoundResult[] = [];
  for (const scenario of LIST_SCENARIOS) {
    const resolved = await scenario.resolve(round);
    if ('unavailable' in resolved) {
      results.push({ scenario: scenario.name, rows: round.rows, unavailable: resolved.unavailable });
      continue;
    }
    const request = (): Request => ({ method: 'GET', path: resolved.path, headers: round.headers });
    await measure(round.url, request, { connections: CONNECTIONS, seconds: timing.warmUpSeconds });
    const load = figures(scenario.name, await measure(round.url, request, { connections: CONNECTIONS, seconds: timing.loadSeconds }));
    const oneClient = figures(scenario.name, await measure(round.url, request, { connections: 1, seconds: timing.oneClientSeconds }));
    results.push({
      scenario: scenario.name,
      rows: round.rows,
      requestsPerSecond: load.requestsPerSecond,
      p50: load.p50,
      p99: load.p99,
      oneClientP50: oneClient.p50,
      errors: load.errors + oneClient.errors,
      non2xx: load.non2xx + oneClient.non2xx,
    });
  }
  return results;
}

export interface Comparison {
  scenario: string;
  /** Whether its cost grows with the table (the exact count), so that no ratio is expected of it. */
  growsWithTable: boolean;
  /** Throughput at N rows over throughput at 100; undefined when either round could not measure it. */
  throughputRatio?: number;
}

/** Each scenario's throughput at N over its throughput at 100 rows. */
export function compare(small: RoundResult[], large: RoundResult[]): Comparison[] {
  return LIST_SCENARIOS.map(({ name, growsWithTable }) => {
    const [before, after] = [small.find((r) => r.scenario === name), large.find((r) => r.scenario === name)];
    if (!isMeasured(before) || !isMeasured(after)) return { scenario: name, growsWithTable };
    return { scenario: name, growsWithTable, throughputRatio: Math.round((after.requestsPerSecond / before.requestsPerSecond) * 100) / 100 };
  });
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** Both rounds and their ratios, as tables. */
export function printComparison(small: RoundResult[], large: RoundResult[], comparisons: Comparison[]): void {
  const cells = (r: RoundResult) =>
    isMeasured(r)
      ? [r.scenario, r.rows.toLocaleString('en-US'), r.requestsPerSecond, r.p50, r.p99, r.oneClientP50, r.errors, r.non2xx].map(String)
      : [r.scenario, r.rows.toLocaleString('en-US'), `not available (${r.unavailable})`, '', '', '', '', ''];
  const header = ['scenario', 'rows', `req/s (${CONNECTIONS} conn.)`, 'p50 ms', 'p99 ms', 'one client p50 ms', 'errors', 'non-2xx'];
  console.log(table(header, [...small, ...large].map(cells)));
  console.log();
  const ratioRows = comparisons.map(({ scenario, throughputRatio }) => {
    const [before, after] = [small.find((r) => r.scenario === scenario), large.find((r) => r.scenario === scenario)];
    if (!isMeasured(before) || !isMeasured(after)) return [scenario, 'not available', '', ''];
    return [scenario, `${throughputRatio}x`, `${before.p99} -> ${after.p99}`, `${before.oneClientP50} -> ${after.oneClientP50}`];
  });
  console.log(table(['scenario', 'req/s, large / small', 'p99 ms', 'one client p50 ms'], ratioRows));
  const growing = LIST_SCENARIOS.filter((scenario) => scenario.growsWithTable).map((scenario) => scenario.name);
  console.log(`${growing.join(', ')}: its cost grows with the rows it counts; leave it out of requests that must stay fast`);
}
