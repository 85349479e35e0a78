/**
 * The generator's comparison: the reference example (examples/product-service) against two
 * baselines of the same contract on the same PostgreSQL, node:http + pg (the limit) and bare
 * Koa + @koa/router + pg (the framework's floor). For list (100 rows), get by id and create it
 * prints req/s, p50/p99 and the server's CPU time per request, with the example's ratios to
 * both baselines. Then the list as the table grows: the example's own `npm run bench -- --rows`
 * at 100 rows and at a million (its tables and targets as it prints them). Writes it all as JSON.
 *
 *   DATABASE_URL=postgres://... npm run bench            8 rounds of 3 s per target and scenario
 *   DATABASE_URL=postgres://... npm run bench -- --short 3 rounds of 1 s (and 1 s list measures)
 *   npm run bench -- --rows 100000                       the list at 100 and 100,000 rows (0: left out)
 *   npm run bench -- --out results.json
 *   npm run bench -- --peers                             also the generated peers of bench/peers (their own installs)
 *   npm run bench -- --before main                       also the example as a commit had it (the "before" of a change)
 *
 * It creates a database of its own on the server of DATABASE_URL and drops it at the end.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { keepTable } from '../examples/product-service/bench/table.js';

import { createDatabase } from './database.js';
import { exampleAt, removeCopies } from './example-copies.js';
import { headerBytes } from './header-bytes.js';
import { listAtScale } from './list-at-scale.js';
import { PEERS, preparePeers, startPeer } from './peers.js';
import { printReport, printTargets, ratios } from './report.js';
import { CONNECTIONS, inRounds, MODES } from './rounds.js';
import { checkSameAnswers } from './same-answers.js';
import { ROWS, scenarios, seed } from './scenarios.js';
import { startBaseline, startExample, stop, type Target } from './targets.js';

const { values: options } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    rows: { type: 'string', default: '1000000' },
    out: { type: 'string', default: 'bench/results.json' },
    peers: { type: 'boolean', default: false },
    before: { type: 'string' },
  },
});
const mode = options.short ? MODES.short : MODES.full;

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server where this role may create a database');
  const rows = Number(options.rows.replaceAll('_', ''));
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`--rows takes a number of rows, or 0 to leave the list at scale out (not "${options.rows}")`);
  if (options.peers) preparePeers();
  const database = await createDatabase(serverUrl, 'create_item_service_bench');
  try {
    const comparison = await compareTargets(database.url);
    // After the comparison, whose servers have stopped: the example's bench starts its own.
    const list = rows === 0 ? undefined : await listAtScale(database.url, rows, options.short);
    writeFileSync(options.out, `${JSON.stringify({ ...comparison, listAtScale: list }, null, 2)}\n`);
    console.log(`written to ${options.out}`);
  } finally {
    await database.drop();
  }
}

/** The example against both baselines; prints the tables and returns the figures. */
async function compareTargets(databaseUrl: string): Promise<Record<string, unknown>> {
  const targets: Target[] = [];
  let table: Awaited<ReturnType<typeof keepTable>> | undefined;
  try {
    // The example first: it creates the table (migrations on start).
    targets.push(await startExample(databaseUrl));
    const before = options.before === undefined ? undefined : `example at ${options.before}`;
    if (before) targets.push(await startExample(databaseUrl, { name: before, dir: exampleAt(options.before!) }));
    targets.push(await startBaseline('koa + pg', 'koa.ts', databaseUrl));
    targets.push(await startBaseline('node:http + pg', 'node-http.ts', databaseUrl));
    if (options.peers) for (const peer of PEERS) targets.push(await startPeer(peer, databaseUrl));
    table = await keepTable(databaseUrl);
    await seed(targets[0]!);
    await table.mark();
    const ids = ((await (await fetch(`${targets[0]!.url}/api/products?pageSize=${ROWS}`)).json()) as { id: number }[]).map((row) => row.id);
    await checkSameAnswers(targets, ids);
    const getHeaderBytes = Object.fromEntries(await Promise.all(targets.map(async (t) => [t.name, await headerBytes(t, `/api/products/${ids[0]}`)] as const)));
    console.log(`header bytes of a get answer (status line and headers): ${Object.entries(getHeaderBytes).map(([name, bytes]) => `${name} ${bytes}`).join(', ')}`);
    await table.reset();
    // The machine's load average tells how much else ran: CPU per request grows with contention.
    const loadBefore = loadavg()[0]!.toFixed(1);
    console.log(`${cpus().length} cores, Node ${process.version}, load average ${loadBefore}; ${mode.rounds} rounds of ${mode.seconds} s per target and scenario, ${CONNECTIONS} connections`);

    const results = await inRounds(targets, scenarios(ids), mode, table);
    const others = ['koa + pg', 'node:http + pg', ...(options.peers ? PEERS.map((peer) => peer.name) : [])];
    const found = [...ratios(results, 'example', others), ...(before ? ratios(results, before, others) : [])];
    printReport(results, found);
    if (options.peers) printTargets(results, ['example', ...(before ? [before] : [])], PEERS.map((peer) => peer.name));
    const machine = { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadAverage: [loadBefore, loadavg()[0]!.toFixed(1)] };
    console.log(`load average ${machine.loadAverage.join(' before, ')} after`);
    if (results.some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
    return { date: new Date().toISOString(), machine, mode, connections: CONNECTIONS, getHeaderBytes, results, ratios: found };
  } finally {
    await Promise.all(targets.map((target) => stop(target.child)));
    removeCopies();
    await table?.restore({ sessionsEnd: false });
  }
}

await main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
