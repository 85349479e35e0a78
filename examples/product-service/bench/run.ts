/**
 * Load benchmark: list (100 rows), get by id and create at up to 20 connections, each scenario
 * after 5 s of unmeasured warm-up. Prints a table, checks the latency targets (list p95 < 500 ms,
 * create p95 < 1000 ms) and writes the figures as JSON. Needs PostgreSQL (DATABASE_URL): it tops
 * the table up to 100 rows if it holds fewer, and at the end deletes every row it inserted, so the
 * table is left exactly as it was found.
 *
 * With `--rows N` it measures the list as the table grows instead: the first page, a cursor page
 * half-way, a createdAt range (in id order, and sorted by createdAt), a sort by -createdAt and
 * the exact count, at 100 rows and again with the table filled to N rows past the API (the tests'
 * numbered bodies, 10,000 rows a statement). It prints both rounds and their ratio. A request
 * the service refuses is reported as not available. The rows it inserted are deleted at the end.
 *
 *   npm run bench                      starts the service on DATABASE_URL, 20 s per scenario
 *   npm run bench -- --short           5 s per scenario (CI)
 *   npm run bench -- --profile ramp    0 -> 20 connections in 30 s, 60 s at 20, down in 30 s
 *   npm run bench -- --rows 1000000    the list at 100 and at 1,000,000 rows (--short: 1 s per measure)
 *   npm run bench -- --url http://127.0.0.1:8080   an instance that already runs on DATABASE_URL;
 *                                      its AUTH_USERNAME / AUTH_PASSWORD from the environment or .env
 *   npm run bench -- --out results.json
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { loadDotEnv } from '../src/config.js';
import { CAPACITY, numbered, tooFew } from '../test/support/factory.js';
import { fillProblem } from './fill.js';
import { compare, isMeasured, measureRound, printComparison, SMALL_ROWS, TIMINGS, warmUp } from './list-scale.js';
import {
  CONNECTIONS,
  emptyTally,
  type Figures,
  figures,
  measure,
  printTable,
  profile,
  type Request,
  type Step,
  stopOnSignals,
  WARM_UP_SECONDS,
} from './load.js';
import { freePort, stop, waitFor } from './processes.js';
import { BENCH_SESSION, keepTable, type TableKeeper } from './table.js';

const API = '/api/products';
const LIST_ROWS = 100;
/** The load tests' thresholds, per request type. */
const P95_TARGETS_MS: Record<string, number> = { list: 500, create: 1000 };

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    short: { type: 'boolean', default: false },
    profile: { type: 'string', default: 'flat' },
    rows: { type: 'string' },
    out: { type: 'string', default: 'bench/results.json' },
    help: { type: 'boolean', default: false },
  },
});

/** Stops the benchmark with a message; main's clean-up still runs. */
function fail(message: string): never {
  throw new Error(message);
}

/** Throw-away credentials for the service the benchmark starts, so it needs no .env. */
const ACCOUNT = { username: 'bench', password: randomBytes(18).toString('base64url') };

/** Starts the service as `npm start` does, on free ports of 127.0.0.1, with its logs discarded. */
async function startService(): Promise<{ url: string; child: ChildProcess }> {
  const [port, managementPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/server.ts'], {
    env: {
      ...process.env,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      AUTH_USERNAME: ACCOUNT.username,
      AUTH_PASSWORD: ACCOUNT.password,
      HOST: '127.0.0.1',
      PORT: String(port),
      MANAGEMENT_PORT: String(managementPort),
      PGAPPNAME: BENCH_SESSION,
    },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${managementPort}/health/ready`, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, child };
}

const json = { 'content-type': 'application/json' };
/** The create body of request n: the tests' numbered body, valid and never repeating a unique field's value within a run. */
const item = (n: number) => JSON.stringify(numbered(n + 1));

/** Creates a run may make: a unique field with fewer values leaves the create scenario out. */
const CREATES = 1_000_000;

/** One token for the whole run, as a load test's setup takes one. No token endpoint: AUTH_MODE=off. */
async function authorization(url: string, username = 'admin', password?: string): Promise<Record<string, string>> {
  if (!password) return {};
  const response = await fetch(`${url}/api/auth/token`, { method: 'POST', headers: json, body: JSON.stringify({ username, password }) });
  if (response.status === 404) return {};
  if (response.status !== 200) fail(`POST /api/auth/token answered ${response.status}: ${await response.text()}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** Tops the table up to LIST_ROWS rows through the API, and returns the ids of the first page. */
async function seed(url: string, headers: Record<string, string>, rows: number): Promise<number[]> {
  for (let n = rows; n < Math.min(LIST_ROWS, CAPACITY.count); n++) {
    const response = await fetch(`${url}${API}`, { method: 'POST', headers: { ...json, ...headers }, body: item(n) });
    if (response.status !== 201) fail(`creating a row answered ${response.status}: ${await response.text()}`);
  }
  const page = (await (await fetch(`${url}${API}?pageSize=${LIST_ROWS}`, { headers })).json()) as { id: number }[];
  return page.map((row) => row.id);
}

function scenarios(ids: number[], headers: Record<string, string>): Record<string, () => () => Request> {
  // A fresh counter per run, so every run sends the same requests in the same order.
  const counting = (request: (n: number) => Request) => () => {
    let n = 0;
    return () => request(n++);
  };
  return {
    list: counting(() => ({ method: 'GET', path: `${API}?pageSize=${LIST_ROWS}`, headers })),
    'get by id': counting((n) => ({ method: 'GET', path: `${API}/${ids[n % ids.length]}`, headers })),
    // Numbered on from the rows seed() added, so no two rows are created from the same body.
    ...(tooFew(LIST_ROWS + CREATES) === undefined && {
      create: counting((n) => ({ method: 'POST', path: API, body: item(LIST_ROWS + n), headers: { ...json, ...headers } })),
    }),
  };
}

/** The latency targets a result misses, as lines to print. */
function misses(results: Figures[]): string[] {
  return results.flatMap(({ scenario, p95 }) => {
    const target = P95_TARGETS_MS[scenario];
    return target !== undefined && p95 >= target ? [`${scenario}: p95 ${p95} ms (target < ${target} ms)`] : [];
  });
}

/** The create, get and list scenarios on a table of 100 rows. */
async function loadScenarios(url: string, headers: Record<string, string>, table: TableKeeper, steps: Step[]): Promise<void> {
  const ids = await seed(url, headers, table.foundRows);
  await table.mark();
  const results: Figures[] = [];
  const creates = tooFew(LIST_ROWS + CREATES);
  if (creates !== undefined) console.log(`create: not measured (${creates})`);
  for (const [scenario, requests] of Object.entries(scenarios(ids, headers))) {
    await measure(url, requests(), { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
    await table.reset();
    const tally = emptyTally();
    for (const step of steps) await measure(url, requests(), step, tally);
    results.push(figures(scenario, tally));
    await table.reset();
  }
  printTable(results);
  const missed = misses(results);
  console.log(missed.length === 0 ? 'latency targets met' : `latency targets missed:\n  ${missed.join('\n  ')}`);
  writeFileSync(options.out, `${JSON.stringify({ profile: options.profile, short: options.short, results, missed }, null, 2)}\n`);
  console.log(`written to ${options.out}`);
  if (missed.length > 0 || results.some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
}

/** `--rows`: the list requests at 100 rows, then with the table filled to `rows`. */
async function listAtScale(url: string, headers: Record<string, string>, table: TableKeeper, rows: number): Promise<void> {
  const small = Math.max(SMALL_ROWS, table.foundRows);
  if (rows <= small) fail(`--rows must be more than the ${small} rows of the first round`);
  const problem = fillProblem(rows - table.foundRows);
  if (problem) fail(`--rows ${rows}: ${problem}`);
  const timing = TIMINGS[options.short ? 'short' : 'full'];
  // Row n is created n seconds after row 0, so the last one is about now.
  const firstCreatedAt = new Date(Date.now() - rows * 1000);
  const rounds = [];
  for (const size of [small, rows]) {
    const started = performance.now();
    await table.fill(size, firstCreatedAt);
    console.log(`products: ${size} rows, filled in ${((performance.now() - started) / 1000).toFixed(1)} s (vacuum analyze included)`);
    const round = { url, api: API, headers, table, rows: size };
    if (rounds.length === 0) await warmUp(round, timing);
    rounds.push(await measureRound(round, timing));
  }
  const [before, after] = rounds as [(typeof rounds)[number], (typeof rounds)[number]];
  const comparisons = compare(before, after);
  printComparison(before, after, comparisons);
  writeFileSync(
    options.out,
    `${JSON.stringify({ rows, short: options.short, timing, rounds: { before, after }, comparisons }, null, 2)}\n`,
  );
  console.log(`written to ${options.out}`);
  if ([...before, ...after].some((r) => isMeasured(r) && r.errors + r.non2xx > 0)) process.exitCode = 1;
}

/** `--rows` as a whole number of rows: 1000000 or 1_000_000. */
function rowsOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const rows = Number(text.replaceAll('_', ''));
  if (!Number.isSafeInteger(rows) || rows < 1) fail(`--rows takes a number of rows, e.g. --rows 1000000 (not "${text}")`);
  if (options.profile !== 'flat') fail('--rows measures at 20 connections and one client: leave out --profile');
  return rows;
}

async function main(): Promise<void> {
  if (options.help) {
    return console.log('usage: npm run bench -- [--short] [--profile flat|ramp | --rows N] [--url http://host:port] [--out file.json]');
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    fail('set DATABASE_URL to the PostgreSQL database the benchmark may write to (with --url: the database of that instance)');
  }
  const rows = rowsOption(options.rows);
  const steps = profile(options.profile, options.short);
  stopOnSignals();
  let child: ChildProcess | undefined;
  let table: TableKeeper | undefined;
  try {
    let url: string;
    let headers: Record<string, string>;
    if (options.url) {
      url = options.url.replace(/\/+$/, '');
      // The running instance's credentials come from the environment or .env, as for `npm start`.
      loadDotEnv();
      headers = await authorization(url, process.env.AUTH_USERNAME, process.env.AUTH_PASSWORD);
    } else {
      ({ url, child } = await startService());
      headers = await authorization(url, ACCOUNT.username, ACCOUNT.password);
    }
    // Before the first insert: what the table holds now is what it must hold at the end.
    table = await keepTable(databaseUrl);
    console.log(`products: ${table.foundRows} rows found`);
    if (rows === undefined) await loadScenarios(url, headers, table, steps);
    else await listAtScale(url, headers, table, rows);
  } finally {
    // In this order: the service completes the creates it has read before it exits, and they
    // commit before the clean-up deletes them.
    if (child) await stop(child);
    const left = await table?.restore({ sessionsEnd: child !== undefined });
    if (table && left !== undefined) console.log(`products: ${left} rows left (${table.foundRows} found)`);
  }
}

await main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode ||= 1;
});
