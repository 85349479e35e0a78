/**
 * The root bench's way of measuring: per scenario, every target warmed up, then the targets take
 * turns in short rounds, each round starting with the next one, so a slow stretch of a shared
 * machine lands on all of them rather than on whichever runs at that moment. Between runs the
 * table goes back to its marked rows, so every run reads the same table.
 */
import { emptyTally, figures, measure, type Request, type Tally } from '../examples/product-service/bench/load.js';
import type { TableKeeper } from '../examples/product-service/bench/table.js';

import type { Result } from './report.js';
import { cpuMicros, type Target } from './targets.js';

export const CONNECTIONS = 20;

export interface Mode {
  warmUpSeconds: number;
  rounds: number;
  seconds: number;
}

/** Short rounds, many of them: the drift of a shared machine spreads over every target. */
export const MODES: Record<'full' | 'short', Mode> = {
  full: { warmUpSeconds: 5, rounds: 8, seconds: 3 },
  short: { warmUpSeconds: 2, rounds: 3, seconds: 1 },
};

/** Each scenario's figures per target; CPU per request is the median over the rounds. */
export async function inRounds(
  targets: Target[],
  generators: Record<string, (target: Target) => () => Request>,
  mode: Mode,
  table: Pick<TableKeeper, 'reset'>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (const [scenario, generator] of Object.entries(generators)) {
    for (const target of targets) {
      await measure(target.url, generator(target), { connections: CONNECTIONS, seconds: mode.warmUpSeconds });
      await table.reset();
    }
    const tallies = new Map<Target, { tally: Tally; cpuPerRequest: number[] }>(targets.map((target) => [target, { tally: emptyTally(), cpuPerRequest: [] }]));
    for (let round = 0; round < mode.rounds; round++) {
      for (const target of targets.map((_, i) => targets[(i + round) % targets.length]!)) {
        const entry = tallies.get(target)!;
        const [cpuBefore, requestsBefore] = [cpuMicros(target.child), entry.tally.requests];
        await measure(target.url, generator(target), { connections: CONNECTIONS, seconds: mode.seconds }, entry.tally);
        entry.cpuPerRequest.push((cpuMicros(target.child) - cpuBefore) / (entry.tally.requests - requestsBefore));
        await table.reset();
      }
    }
    for (const [target, { tally, cpuPerRequest }] of tallies) {
      results.push({ ...figures(scenario, tally), target: target.name, cpuMicrosPerRequest: median(cpuPerRequest) });
    }
  }
  return results;
}

/** The median: a round in which something else took the machine does not move it. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}
