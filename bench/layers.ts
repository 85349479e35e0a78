/**
 * The price list of the example's request path: the example beside copies of itself with one
 * layer switched off (or, for a layer off by default, on), one with every layer off, and bare
 * Koa + pg for scale, each run back to back with the example in rounds of pairs (bench/rounds.ts,
 * wrk). It prints, per scenario, req/s and server CPU per request, each copy's CPU as the median
 * ratio to the example's run beside it, what it saves (or, negative, adds) in µs and per cent of
 * the example's CPU, and each target's CPU as a multiple of bare Koa's.
 *
 *   DATABASE_URL=postgres://... npm run bench:layers                      get and create, 12 rounds of pairs of 1 s runs
 *   DATABASE_URL=postgres://... npm run bench:layers -- --short           3 rounds of 1 s
 *   DATABASE_URL=postgres://... npm run bench:layers -- --rounds 12 --seconds 3 --only 'access log,metrics' --scenarios get
 *   DATABASE_URL=postgres://... npm run bench:layers -- --at 8c04c66     the example as a commit had it, and its copies
 *   DATABASE_URL=postgres://... npm run bench:layers -- --only 'objection,these off'   Objection's price, and every layer's at once
 *   DATABASE_URL=postgres://... npm run bench:layers -- --only 'kept layers'   only what issue 47 keeps: the example's floor
 *
 * A layer is switched by editing the copy's source text or by its configuration; an edit whose
 * text is not found stops the run, so a change to the example cannot silently measure nothing.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { keepTable } from '../examples/product-service/bench/table.js';

import { createDatabase } from './database.js';
import { copyOfExample, exampleAt, removeCopies } from './example-copies.js';
import { LAYERS, type Layer } from './layer-switches.js';
import { CONNECTIONS, inRounds, MODES, type Order } from './rounds.js';
import { ROWS, scenarios, seed } from './scenarios.js';
import type { Result } from './report.js';
import { type Copy, startBaseline, startExample, stop, type Target } from './targets.js';

const { values: options } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    only: { type: 'string' },
    scenarios: { type: 'string', default: 'get,create' },
    at: { type: 'string' },
    order: { type: 'string', default: 'paired' },
    connections: { type: 'string' },
  },
});
const mode = {
  ...(options.short ? MODES.short : { warmUpSeconds: 3, rounds: 12, seconds: 1 }),
  ...(options.rounds && { rounds: Number(options.rounds) }),
  ...(options.seconds && { seconds: Number(options.seconds) }),
  ...(options.connections && { connections: Number(options.connections) }),
};

/** The layers to price, and every removal at once: all, or those whose name holds one of --only's words. */
function chosenLayers(): Layer[] {
  const removals = LAYERS.filter((layer) => !layer.added);
  const together = (name: string, layers: Layer[]): Layer => ({
    name,
    edits: layers.flatMap((layer) => layer.edits ?? []),
    env: Object.assign({}, ...layers.map((layer) => layer.env)),
  });
  // The layers issue 47 keeps and nothing else: the fastest the example could be while keeping them.
  const notKept = removals.filter((layer) => !layer.kept);
  const onlyKept = together(`only the kept layers (${notKept.map((layer) => layer.name).join(', ')})`, notKept);
  const candidates = [...LAYERS, together('all of these off', removals), onlyKept];
  const words = options.only?.split(',').map((word) => word.trim().toLowerCase());
  return words === undefined ? candidates : candidates.filter((layer) => words.some((word) => layer.name.toLowerCase().includes(word)));
}

/**
 * Copies run a few at a time beside the example and bare Koa: each server holds up to 10
 * connections (DB_POOL_MAX), and the PostgreSQL server is shared.
 */
const GROUP = 3;

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server where this role may create a database');
  // With --at, the example as that commit had it, and every copy made from it.
  const base = options.at === undefined ? undefined : exampleAt(options.at);
  const copies: Copy[] = chosenLayers().map(({ name, edits, env, headers }) => ({
    name,
    dir: edits === undefined ? base : copyOfExample(edits, base),
    env,
    headers,
  }));
  const database = await createDatabase(serverUrl, 'create_item_service_bench_layers');
  let table: Awaited<ReturnType<typeof keepTable>> | undefined;
  let ids: number[] = [];
  const loadBefore = loadavg()[0]!.toFixed(1);
  try {
    console.log(`${cpus().length} cores, Node ${process.version}, load average ${loadBefore}; ${mode.rounds} rounds of ${mode.seconds} s runs in pairs, ${mode.connections ?? CONNECTIONS} connections (wrk), ${GROUP} copies at a time`);
    console.log('| scenario | target | req/s | CPU µs/req | CPU / example (quartiles) | saves µs/req | saves % | CPU / bare Koa |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (let first = 0; first < copies.length; first += GROUP) {
      const targets: Target[] = [];
      try {
        targets.push(await startExample(database.url, base === undefined ? undefined : { name: 'example', dir: base }));
        for (const copy of copies.slice(first, first + GROUP)) targets.push(await startExample(database.url, copy));
        targets.push(await startBaseline('koa + pg', 'koa.ts', database.url));
        // The first example creates the table (it migrates on start) and seeds it.
        if (table === undefined) {
          table = await keepTable(database.url);
          await seed(targets[0]!);
          await table.mark();
          ids = ((await (await fetch(`${targets[0]!.url}/api/products?pageSize=${ROWS}`)).json()) as { id: number }[]).map((row) => row.id);
        }
        const wanted = options.scenarios.split(',');
        const chosen = Object.fromEntries(Object.entries(scenarios(ids)).filter(([name]) => wanted.some((word) => name.includes(word.trim()))));
        const results = await inRounds(targets, chosen, mode, table, options.order as Order);
        printGroup(results);
        if (results.some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
      } finally {
        await Promise.all(targets.map((target) => stop(target.child)));
      }
    }
    console.log(`load average ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after`);
  } finally {
    await table?.restore({ sessionsEnd: false });
    await database.drop();
    removeCopies();
  }
}

/** One group's rows: the example, its copies and bare Koa, with the copies' ratios from their pairs. */
function printGroup(results: Result[]): void {
  for (const r of results) {
    const ours = results.find((other) => other.scenario === r.scenario && other.target === 'example')!;
    const koa = results.find((other) => other.scenario === r.scenario && other.target === 'koa + pg')!;
    // Ratios from the pairs: each copy's and bare Koa's CPU over the example's run beside it.
    const ratio = r.cpuRatioToReference ?? 1;
    const copy = r !== ours && r !== koa;
    const saves = (1 - ratio) * ours.cpuMicrosPerRequest;
    const cells = [
      r.scenario,
      r.target,
      r.requestsPerSecond,
      Math.round(r.cpuMicrosPerRequest),
      r.cpuRatioQuartiles ? `${ratio.toFixed(3)} (${r.cpuRatioQuartiles.map((q) => q.toFixed(2)).join('-')})` : ratio.toFixed(3),
      copy ? Math.round(saves) : '',
      copy ? `${((1 - ratio) * 100).toFixed(1)}%` : '',
      `${(ratio / koa.cpuRatioToReference!).toFixed(2)}x`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

await main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
