/**
 * The root bench's way of measuring: per scenario, every target warmed up, then the targets take
 * turns in short rounds, each round starting with the next one, so a slow stretch of a shared
 * machine lands on all of them rather than on whichever runs at that moment. Between runs the
 * table goes back to its marked rows, so every run reads the same table. The load is wrk's
 * (bench/wrk.ts); a round's CPU per request is the server's own CPU time over the requests it answered.
 */
import type { Request } from '../examples/product-service/bench/load.js';
import type { TableKeeper } from '../examples/product-service/bench/table.js';

import type { Result } from './report.js';
import { requestList } from './scenarios.js';
import { cpuMicros, type Target } from './targets.js';
import { type Run, wrk } from './wrk.js';

export const CONNECTIONS = 20;

export interface Mode {
  warmUpSeconds: number;
  rounds: number;
  seconds: number;
  /** wrk's connections; CONNECTIONS unless said otherwise. */
  connections?: number;
}

/** Short rounds, many of them: the drift of a shared machine spreads over every target. */
export const MODES: Record<'full' | 'short', Mode> = {
  full: { warmUpSeconds: 5, rounds: 8, seconds: 3 },
  short: { warmUpSeconds: 2, rounds: 3, seconds: 1 },
};

/**
 * How targets take turns. `rotate`: in each round each target once, the round starting with the
 * next one. `paired`: the first target (the reference) against each other one in a block of its
 * own: both warmed up, then the rounds as runs back to back, the pair's order alternating; each
 * other's CPU per request is also taken as a ratio to the reference's run beside it. A slow
 * stretch of a shared machine falls on both halves of a pair, so a ratio is steadier than either
 * figure; and neither half has sat idle longer than the other (a server idle for a while starts
 * its next run slower: V8 shrinks its heap and lets go of compiled code).
 */
export type Order = 'rotate' | 'paired' | 'together';

/**
 * Each scenario's figures per target: req/s over all rounds; CPU per request and the latency
 * percentiles are the medians over the rounds (with `paired`, also the median ratio to the reference).
 */
export async function inRounds(
  targets: Target[],
  generators: Record<string, (target: Target) => () => Request>,
  mode: Mode,
  table: Pick<TableKeeper, 'reset'>,
  order: Order = 'rotate',
): Promise<Result[]> {
  const results: Result[] = [];
  for (const [scenario, generator] of Object.entries(generators)) {
    const requests = new Map(targets.map((target) => [target, requestList(generator(target))]));
    // With targets measured together, the table goes back once both are done.
    const reset = order === 'together' ? async () => undefined : () => table.reset();
    const warmUp = async (target: Target) => {
      // At full load whatever the runs' connections: V8 optimizes a server's hot paths by the calls
      // they take, and a run of one connection makes few of them.
      await wrk(target.url, requests.get(target)!, { connections: CONNECTIONS, seconds: mode.warmUpSeconds });
      await reset();
    };
    const rounds = new Map<Target, { runs: Run[]; cpuPerRequest: number[]; ratios: number[]; rateRatios: number[] }>(
      targets.map((target) => [target, { runs: [], cpuPerRequest: [], ratios: [], rateRatios: [] }]),
    );
    /** One run of `target`; its CPU per request and req/s. */
    const run = async (target: Target): Promise<{ cpu: number; rate: number }> => {
      const entry = rounds.get(target)!;
      const cpuBefore = cpuMicros(target.child);
      const measured = await wrk(target.url, requests.get(target)!, { connections: mode.connections ?? CONNECTIONS, seconds: mode.seconds });
      const cpuPerRequest = (cpuMicros(target.child) - cpuBefore) / measured.requests;
      entry.cpuPerRequest.push(cpuPerRequest);
      entry.runs.push(measured);
      await reset();
      return { cpu: cpuPerRequest, rate: measured.requests / measured.seconds };
    };
    const [reference, ...others] = targets;
    if (order === 'rotate') {
      for (const target of targets) await warmUp(target);
      for (let round = 0; round < mode.rounds; round++) {
        for (const target of targets.map((_, i) => targets[(i + round) % targets.length]!)) await run(target);
      }
    } else if (order === 'paired') {
      for (const other of others) {
        await warmUp(reference!);
        await warmUp(other);
        for (let round = 0; round < mode.rounds; round++) {
          const [first, second] = round % 2 === 0 ? [reference!, other] : [other, reference!];
          const [a, b] = [await run(first), await run(second)];
          const [mine, theirs] = first === other ? [a, b] : [b, a];
          rounds.get(other)!.ratios.push(mine.cpu / theirs.cpu);
          rounds.get(other)!.rateRatios.push(mine.rate / theirs.rate);
        }
      }
    } else {
      for (const other of others) {
        await Promise.all([warmUp(reference!), warmUp(other)]);
        await table.reset();
        for (let round = 0; round < mode.rounds; round++) {
          const [a, b] = await Promise.all([run(reference!), run(other)]);
          await table.reset();
          rounds.get(other)!.ratios.push(b.cpu / a.cpu);
          rounds.get(other)!.rateRatios.push(b.rate / a.rate);
        }
      }
    }
    for (const [target, { runs, cpuPerRequest, ratios, rateRatios }] of rounds) {
      const paired = order !== 'rotate' && target !== reference;
      const ratio = paired
        ? { cpuRatioToReference: median(ratios), cpuRatioQuartiles: quartiles(ratios), rateRatioToReference: median(rateRatios), rateRatioQuartiles: quartiles(rateRatios) }
        : {};
      results.push({ ...figures(scenario, runs), target: target.name, cpuMicrosPerRequest: median(cpuPerRequest), ...ratio });
    }
  }
  return results;
}

/** A scenario's figures over its rounds. */
function figures(scenario: string, runs: Run[]): Omit<Result, 'target' | 'cpuMicrosPerRequest' | `${'cpu' | 'rate'}Ratio${'ToReference' | 'Quartiles'}`> {
  const sum = (key: 'requests' | 'seconds' | 'errors' | 'non2xx') => runs.reduce((total, run) => total + run[key], 0);
  return {
    scenario,
    requestsPerSecond: Math.round(sum('requests') / sum('seconds')),
    p50: tenths(median(runs.map((run) => run.p50))),
    p95: tenths(median(runs.map((run) => run.p95))),
    p99: tenths(median(runs.map((run) => run.p99))),
    errors: sum('errors'),
    non2xx: sum('non2xx'),
  };
}

/** The median: a round in which something else took the machine does not move it. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

/** The first and third quartiles: half the values lie between them. */
export function quartiles(values: number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return [median(sorted.slice(0, half)), median(sorted.slice(sorted.length - half))];
}

/** Latencies in ms to a tenth, as wrk's percentiles are quoted. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;
