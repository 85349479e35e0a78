/**
 * What the safe writes cost: the reference example on PostgreSQL, PUT without and with If-Match
 * and POST without and with an Idempotency-Key, in interleaved rounds (a slow stretch of a shared
 * machine lands on every scenario), quoting requests per second, p99 and the server's CPU per
 * request (its own process's user + system time).
 *
 *   DATABASE_URL=postgres://... npm run bench:writes            6 rounds of 3 s
 *   DATABASE_URL=postgres://... npm run bench:writes -- --short 2 rounds of 1 s
 *
 * Every connection updates an item of its own, so If-Match always carries the ETag its last
 * answer gave: the price of the check, not of 412s. Any answer but 200/201 fails the run.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { createDatabase } from './database.js';
import { cpuMicros, startExample, stop, type Target } from './targets.js';

const CONNECTIONS = 20;
const { values: options } = parseArgs({ options: { short: { type: 'boolean', default: false } } });
const mode = options.short ? { rounds: 2, seconds: 1 } : { rounds: 6, seconds: 3 };

interface Connection {
  id?: number;
  etag?: string;
}

type Scenario = (target: Target, ids: number[]) => autocannon.Request;

const json = { 'content-type': 'application/json' };
const body = (n: number) => JSON.stringify({ name: `Bench ${n}`, description: 'Load test', price: 19.99, quantity: (n % 100) + 1 });
let sequence = 0;

/** PUT to the connection's own item; with If-Match, the ETag of its last answer. */
const put =
  (ifMatch: boolean): Scenario =>
  (target, ids) => ({
    method: 'PUT',
    setupRequest: (request, context: Connection) => {
      context.id ??= ids[sequence++ % ids.length];
      const headers = { ...json, ...target.headers, ...(ifMatch && context.etag ? { 'if-match': context.etag } : {}) };
      return { ...request, path: `/api/products/${context.id}`, headers, body: body(sequence++) };
    },
    onResponse: (_status, _body, context: Connection, headers) => {
      context.etag = headers?.etag;
    },
  });

const post =
  (keyed: boolean): Scenario =>
  (target) => ({
    method: 'POST',
    path: '/api/products',
    setupRequest: (request) => ({ ...request, headers: { ...json, ...target.headers, ...(keyed ? { 'idempotency-key': randomUUID() } : {}) }, body: body(sequence++) }),
  });

const SCENARIOS: Record<string, Scenario> = {
  'PUT, no If-Match': put(false),
  'PUT, If-Match': put(true),
  'POST, no key': post(false),
  'POST, Idempotency-Key': post(true),
};

async function seedItems(target: Target): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < CONNECTIONS; n++) {
    const response = await fetch(`${target.url}/api/products`, { method: 'POST', headers: { ...json, ...target.headers }, body: body(n) });
    if (response.status !== 201) throw new Error(`seeding: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server where this role may create a database');
  const database = await createDatabase(serverUrl, 'create_item_service_bench_writes');
  const target = await startExample(database.url);
  try {
    const ids = await seedItems(target);
    console.log(`${cpus().length} cores, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}; ${mode.rounds} rounds of ${mode.seconds} s, ${CONNECTIONS} connections`);
    const tallies = new Map(Object.keys(SCENARIOS).map((name) => [name, { requests: 0, seconds: 0, p99: [] as number[], cpu: [] as number[], failed: 0 }]));
    for (let round = 0; round < mode.rounds; round++) {
      const names = Object.keys(SCENARIOS);
      for (const name of names.map((_, i) => names[(i + round) % names.length]!)) {
        const cpuBefore = cpuMicros(target.child);
        const result = await autocannon({ url: target.url, connections: CONNECTIONS, duration: mode.seconds, requests: [SCENARIOS[name]!(target, ids)] });
        const tally = tallies.get(name)!;
        tally.requests += result.requests.total;
        tally.seconds += result.duration;
        tally.p99.push(result.latency.p99);
        tally.cpu.push((cpuMicros(target.child) - cpuBefore) / result.requests.total);
        tally.failed += result.non2xx + result.errors + result.timeouts;
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log('| scenario | req/s | p99 ms (median of rounds) | server CPU µs/request (median) | failed |');
    console.log('|---|---|---|---|---|');
    for (const [name, tally] of tallies) {
      console.log(`| ${name} | ${Math.round(tally.requests / tally.seconds)} | ${median(tally.p99)} | ${Math.round(median(tally.cpu))} | ${tally.failed} |`);
    }
    if ([...tallies.values()].some((tally) => tally.failed > 0)) process.exitCode = 1;
  } finally {
    await stop(target.child);
    await database.drop();
  }
}

await main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
