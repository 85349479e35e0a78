/**
 * What the relay itself costs per event, with no HTTP load beside it: book-service runs on a
 * database of its own with a nats-server of the bench's own; a batch of changes is committed at
 * once by SQL (the trigger records them as a request would), and the CPU the service, its database
 * sessions and nats-server use until the outbox is empty is divided by the events. Two kinds of
 * batch: 100 books changed 100 times (five events per book in each batch the relay reads: its
 * order per book holds them back) and 10,000 new books (one event per book).
 *
 *   DATABASE_URL=postgres://... npm run bench:relay                     3 rounds
 *   DATABASE_URL=postgres://... npm run bench:relay -- --before <dir>    another copy beside it, interleaved
 *
 * The database sessions' CPU is read from /proc: it needs the PostgreSQL server on this machine,
 * else that column says "-". bench:events prices the whole request beside a service without events.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import pg from 'pg';

import { createDatabase } from './database.js';
import { startNats } from './nats-server.js';
import { cpuMicros, startExample, stop } from './targets.js';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    before: { type: 'string' },
  },
});
const root = new URL('..', import.meta.url).pathname;
const copies = [...(options.before ? [{ name: 'before', dir: options.before }] : []), { name: 'book-service', dir: join(root, 'examples/book-service') }];

const BATCHES: Record<string, string> = {
  '100 books x 100 changes': "do $$ begin for i in 1..100 loop update books set title = title || '.', version = version + 1; end loop; end $$",
  '10,000 creates':
    "insert into books (title, isbn, pages, price, created_at, updated_at) select 'New ' || g, (3000000000 + g)::text, 10, 19.99, now(), now() from generate_series(1, 10000) g",
};

/** CPU (user + system) in µs of processes by PID, from /proc; undefined where one cannot be read. */
function cpuOf(pids: number[]): number | undefined {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10_000;
    } catch {
      return undefined;
    }
  }
  return total;
}

/** The PIDs of the server processes of `database`'s sessions, but the one asking. */
async function sessions(client: pg.Client, database: string): Promise<number[]> {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  return rows.map((row: { pid: number }) => row.pid);
}

interface Sums {
  events: number;
  ms: number;
  service: number;
  database: number | undefined;
  nats: number;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server where this role may create a database');
  const nats = await startNats();
  const sums = new Map<string, Sums>();
  try {
    for (let round = 0; round < Number(options.rounds); round++) {
      for (const copy of round % 2 === 0 ? copies : [...copies].reverse()) {
        const database = await createDatabase(serverUrl, 'bench_relay');
        const service = await startExample(database.url, { ...copy, env: { NATS_URL: nats.url } });
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const empty = async () => (await client.query('select 1 from outbox limit 1')).rows.length === 0;
        try {
          await client.query(
            "insert into books (title, isbn, created_at, updated_at) select 'Book ' || g, (1000000000 + g)::text, now(), now() from generate_series(1, 100) g",
          );
          while (!(await empty())) await sleep(50);
          for (const [batch, statement] of Object.entries(BATCHES)) {
            await client.query('begin');
            await client.query(statement);
            const events = Number((await client.query('select count(*) as n from outbox')).rows[0].n);
            const pids = await sessions(client, database.name);
            const before = {
              service: cpuMicros(service.child),
              database: cpuOf(pids),
              nats: cpuOf([nats.child.pid!])!,
              at: Date.now(),
            };
            await client.query('commit');
            while (!(await empty())) await sleep(100);
            const databaseAfter = cpuOf(pids);
            const key = `${copy.name} | ${batch}`;
            const sum = sums.get(key) ?? {
              events: 0,
              ms: 0,
              service: 0,
              database: 0,
              nats: 0,
            };
            sum.events += events;
            sum.ms += Date.now() - before.at;
            sum.service += cpuMicros(service.child) - before.service;
            sum.database =
              sum.database === undefined || databaseAfter === undefined || before.database === undefined
                ? undefined
                : sum.database + databaseAfter - before.database;
            sum.nats += cpuOf([nats.child.pid!])! - before.nats;
            sums.set(key, sum);
          }
        } finally {
          await client.end();
          await stop(service.child);
          await database.drop();
        }
      }
    }
  } finally {
    await nats.stop();
  }
  console.log(`${options.rounds} rounds; CPU per event in µs`);
  console.log('| service | batch | events | events/s | service CPU | database sessions | nats-server |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [key, { events, ms, service, database, nats: natsCpu }] of sums) {
    const per = (micros: number | undefined) => (micros === undefined ? '-' : Math.round(micros / events));
    console.log(`| ${key} | ${events} | ${Math.round(events / (ms / 1000))} | ${per(service)} | ${per(database)} | ${per(natsCpu)} |`);
  }
}

await main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
