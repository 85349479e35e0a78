/** The comparison as a table and as JSON: each scenario's targets, and the example's ratios to both baselines. */
import type { Figures } from '../examples/product-service/bench/load.js';

export interface Result extends Figures {
  target: string;
  /** Server CPU time (user + system) per request, in µs: the median over the rounds. */
  cpuMicrosPerRequest: number;
  /** With rounds in pairs (bench/rounds.ts): the median of its CPU per request over the reference's beside it. */
  cpuRatioToReference?: number;
  /** The first and third quartiles of those ratios: how far the pairs spread. */
  cpuRatioQuartiles?: [number, number];
  /** With rounds in pairs: the median of its req/s over the reference's beside it, a ratio a slow stretch of the machine moves less than the totals. */
  rateRatioToReference?: number;
  rateRatioQuartiles?: [number, number];
}

export interface Ratio {
  /** The example's name, or its "before" beside it. */
  example: string;
  scenario: string;
  baseline: string;
  /** The example's CPU per request divided by the baseline's. */
  cpu: number;
  /** The example's req/s divided by the baseline's. */
  throughput: number;
}

export function ratios(results: Result[], example: string, baselines: string[]): Ratio[] {
  return results
    .filter((result) => result.target === example)
    .flatMap((ours) =>
      baselines.flatMap((baseline) => {
        const theirs = results.find((r) => r.target === baseline && r.scenario === ours.scenario);
        if (!theirs) return [];
        const round = (value: number) => Math.round(value * 100) / 100;
        return [{ example, scenario: ours.scenario, baseline, cpu: round(ours.cpuMicrosPerRequest / theirs.cpuMicrosPerRequest), throughput: round(ours.requestsPerSecond / theirs.requestsPerSecond) }];
      }),
    );
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function printReport(results: Result[], found: Ratio[]): void {
  const header = ['scenario', 'target', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'errors', 'non-2xx'];
  const cells = (r: Result) => [r.scenario, r.target, r.requestsPerSecond, r.p50, r.p99, Math.round(r.cpuMicrosPerRequest), r.errors, r.non2xx].map(String);
  console.log(table(header, results.map(cells)));
  console.log();
  const ratioRows = found.map((r) => [r.scenario, r.example, r.baseline, `${r.cpu.toFixed(2)}x`, `${r.throughput.toFixed(2)}x`]);
  console.log(table(['scenario', 'example', 'vs', 'CPU per request', 'req/s'], ratioRows));
}

/** The targets of issue 47 for get and create (and the list's lead), as ratios of this run. */
const TARGETS = { overBestPeer: 1.3, cpuOverKoa: 1.8 };

/**
 * Each example's ratios against the targets: req/s at least 1.3x the better peer's and server CPU
 * at most 1.8x bare Koa's for get and create; the list ahead of both peers.
 */
export function printTargets(results: Result[], examples: string[], peers: string[]): void {
  const rows = examples.flatMap((example) =>
    results
      .filter((r) => r.target === example)
      .map((ours) => {
        const of = (target: string) => results.find((r) => r.scenario === ours.scenario && r.target === target)!;
        const bestPeer = Math.max(...peers.map((peer) => of(peer).requestsPerSecond));
        const overPeer = ours.requestsPerSecond / bestPeer;
        const overKoa = ours.cpuMicrosPerRequest / of('koa + pg').cpuMicrosPerRequest;
        const list = ours.scenario.startsWith('list');
        const pass = list ? overPeer > 1 : overPeer >= TARGETS.overBestPeer && overKoa <= TARGETS.cpuOverKoa;
        return [ours.scenario, example, `${overPeer.toFixed(2)}x`, `${overKoa.toFixed(2)}x`, list ? 'ahead of both peers' : `>= ${TARGETS.overBestPeer}x, <= ${TARGETS.cpuOverKoa}x`, pass ? 'met' : 'missed'];
      }),
  );
  console.log();
  console.log(table(['scenario', 'example', 'req/s vs the better peer', 'CPU vs bare Koa', 'target', ''], rows));
}
