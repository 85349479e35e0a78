/**
 * What change events cost: book-service (events on: the outbox trigger and the relay publishing to
 * a nats-server of its own) beside the same service rendered without events, and beside itself with
 * its broker away (the outbox filled, nothing relayed), each on a database of its own on one
 * PostgreSQL, in interleaved rounds of create and update; then a sustained create load on the
 * service with events, sampling the outbox's depth, to show the relay keeps up.
 *
 *   DATABASE_URL=postgres://... npm run bench:events             8 rounds of 3 s, 30 s sustained
 *   DATABASE_URL=postgres://... npm run bench:events -- --short  3 rounds of 1 s, 5 s sustained
 *
 * It quotes req/s, p99 and the server's CPU per request (its process's user + system time, the
 * relay's work included), and the ratio on/off. Any answer but 200/201 fails the run.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import pg from 'pg';

import { freePort } from '../examples/product-service/bench/processes.js';

import { readAnswersFile } from '../src/answers/answers-file.js';
import { DEFAULT_PORTS } from '../src/answers/answers.js';
import { createDatabase, type ScratchDatabase } from './database.js';
import { removeCopies, renderedProject } from './example-copies.js';
import { startNats } from './nats-server.js';
import { median } from './rounds.js';
import { cpuMicros, startExample, stop, type Target } from './targets.js';

const CONNECTIONS = 20;
const SEEDED = 100;
const { values: options } = parseArgs({ options: { short: { type: 'boolean', default: false } } });
const mode = options.short ? { warmUp: 2, rounds: 3, seconds: 1, sustained: 5 } : { warmUp: 5, rounds: 8, seconds: 3, sustained: 30 };

const root = new URL('..', import.meta.url).pathname;
const withEvents = join(root, 'examples/book-service');

const json = { 'content-type': 'application/json' };
// One sequence for every run of the process: each create's isbn is new, so none is a 409.
let sequence = 0;
const book = () => {
  const n = ++sequence;
  return JSON.stringify({ title: `Bench ${n}`, isbn: String(1_000_000_000 + n), pages: (n % 500) + 1, price: 19.99 });
};

type Scenario = (target: Target, ids: number[]) => autocannon.Request;
const SCENARIOS: Record<string, Scenario> = {
  create: (target) => ({ method: 'POST', path: '/api/books', setupRequest: (request) => ({ ...request, headers: { ...json, ...target.headers }, body: book() }) }),
  update: (target, ids) => ({
    method: 'PUT',
    setupRequest: (request) => {
      const n = ++sequence;
      return { ...request, path: `/api/books/${ids[n % ids.length]}`, headers: { ...json, ...target.headers }, body: JSON.stringify({ title: `Changed ${n}` }) };
    },
  }),
};

/** book-service rendered from its answers without events. */
function withoutEvents(): string {
  const { events: _, ...answers } = readAnswersFile(join(withEvents, 'create-item-service.json'));
  return renderedProject({ ...DEFAULT_PORTS, ...answers });
}

async function seed(target: Target): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < SEEDED; n++) {
    const response = await fetch(`${target.url}/api/books`, { method: 'POST', headers: { ...json, ...target.headers }, body: book() });
    if (response.status !== 201) throw new Error(`seeding ${target.name}: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

interface Figures {
  requests: number;
  seconds: number;
  p99: number[];
  cpu: number[];
  failed: number;
}

async function run(target: Target, ids: number[], scenario: Scenario, seconds: number, into?: Figures): Promise<void> {
  const cpuBefore = cpuMicros(target.child);
  const result = await autocannon({ url: target.url, connections: CONNECTIONS, duration: seconds, requests: [scenario(target, ids)] });
  if (!into) return;
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.p99.push(result.latency.p99);
  into.cpu.push((cpuMicros(target.child) - cpuBefore) / result.requests.total);
  into.failed += result.errors + result.timeouts + result.non2xx;
}

/** The outbox's depth, as events_outbox_depth reports it, read from the database itself. */
const depthOf = async (client: pg.Client) => Number((await client.query('select count(*) as depth from outbox')).rows[0].depth);

/** Samples the outbox's depth every 250 ms while `load` runs. */
async function sampleDepth(client: pg.Client, load: Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  let done = false;
  void load.finally(() => {
    done = true;
  });
  while (!done) {
    samples.push(await depthOf(client));
    await sleep(250);
  }
  return samples;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server where this role may create a database');
  const plainDir = withoutEvents();
  const nats = await startNats();
  const databases: ScratchDatabase[] = [];
  const targets: Target[] = [];
  try {
    databases.push(
      await createDatabase(serverUrl, 'bench_events_off'),
      await createDatabase(serverUrl, 'bench_events_on'),
      await createDatabase(serverUrl, 'bench_events_unrelayed'),
    );
    process.env.NATS_URL = nats.url;
    targets.push(await startExample(databases[0]!.url, { name: 'events off', dir: plainDir }));
    targets.push(await startExample(databases[1]!.url, { name: 'events on', dir: withEvents }));
    // The outbox without its relay's work (a broker nobody listens for: the relay only retries, the
    // outbox grows): what a write costs the service where the relay runs somewhere else.
    const nobody = `nats://127.0.0.1:${await freePort()}`;
    targets.push(await startExample(databases[2]!.url, { name: 'events on, broker away', dir: withEvents, env: { NATS_URL: nobody } }));
    const ids = new Map(await Promise.all(targets.map(async (target) => [target, await seed(target)] as const)));
    console.log(
      `${cpus().length} cores, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}; ` +
        `${mode.rounds} rounds of ${mode.seconds} s, ${CONNECTIONS} connections`,
    );
    console.log('| scenario | target | req/s | p99 ms (median) | CPU µs/req (median) | on / off |');
    console.log('|---|---|---|---|---|---|');
    let failed = 0;
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      for (const target of targets) await run(target, ids.get(target)!, scenario, mode.warmUp);
      const figures = new Map(targets.map((target) => [target, { requests: 0, seconds: 0, p99: [], cpu: [], failed: 0 } as Figures]));
      for (let round = 0; round < mode.rounds; round++) {
        for (const target of targets.map((_, i) => targets[(i + round) % targets.length]!)) {
          await run(target, ids.get(target)!, scenario, mode.seconds, figures.get(target));
        }
      }
      const rate = (target: Target) => figures.get(target)!.requests / figures.get(target)!.seconds;
      for (const target of targets) {
        const f = figures.get(target)!;
        failed += f.failed;
        const ratio = target === targets[0] ? '' : (rate(target) / rate(targets[0]!)).toFixed(2);
        console.log(`| ${name} | ${target.name} | ${Math.round(rate(target))} | ${median(f.p99)} | ${Math.round(median(f.cpu))} | ${ratio} |`);
      }
    }

    // Sustained creates on the service with events: does the relay keep the outbox short?
    const on = targets[1]!;
    const client = new pg.Client({ connectionString: databases[1]!.url });
    await client.connect();
    try {
      const sustained: Figures = { requests: 0, seconds: 0, p99: [], cpu: [], failed: 0 };
      const load = run(on, ids.get(on)!, SCENARIOS.create!, mode.sustained, sustained);
      const samples = await sampleDepth(client, load);
      await load;
      failed += sustained.failed;
      const stopped = Date.now();
      while ((await depthOf(client)) > 0 && Date.now() - stopped < 60_000) await sleep(50);
      const [count] = (await client.query('select count(*) as n from books')).rows;
      console.log(
        `sustained creates for ${mode.sustained} s at ${CONNECTIONS} connections: ${Math.round(sustained.requests / sustained.seconds)} req/s, ` +
          `${count.n} books; outbox depth sampled ${samples.length} times: median ${median(samples)}, max ${Math.max(...samples)}; ` +
          `empty ${Date.now() - stopped} ms after the load stopped`,
      );
    } finally {
      await client.end();
    }
    console.log(`load average ${loadavg()[0]!.toFixed(1)} after`);
    if (failed > 0) {
      console.error(`bench: ${failed} requests failed or answered other than 2xx`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(targets.map((target) => stop(target.child)));
    await nats.stop();
    await Promise.all(databases.map((database) => database.drop()));
    removeCopies();
  }
}

await main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
