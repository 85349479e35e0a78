/**
 * Where the example spends its CPU under one scenario of the root bench: the example runs with
 * `--cpu-prof` on a database of its own, takes the scenario's load (20 connections), stops, and
 * the profile's top entries by self time are printed, by function and by package.
 *
 *   DATABASE_URL=postgres://... node --import tsx bench/profile.ts create [--seconds 10] [--top 25]
 *   ... bench/profile.ts create --dir <folder>   another checkout of the example
 *   ... bench/profile.ts get --at 8c04c66        the example as a commit of this repository had it
 *
 * The .cpuprofile stays in the directory printed at the end (open it in Chrome DevTools).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { keepTable } from '../examples/product-service/bench/table.js';

import { createDatabase } from './database.js';
import { exampleAt, removeCopies } from './example-copies.js';
import { ROWS, requestList, scenarios, seed } from './scenarios.js';
import { startExample, stop } from './targets.js';
import { wrk } from './wrk.js';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { seconds: { type: 'string', default: '10' }, top: { type: 'string', default: '25' }, dir: { type: 'string' }, at: { type: 'string' } },
});
const dir = options.at === undefined ? options.dir : exampleAt(options.at);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: Node[];
  samples: number[];
  /** µs since the previous sample (the first: since startTime). */
  timeDeltas: number[];
}

/**
 * The samples of the profile's last `seconds`, the load (start-up and module compilation are
 * left out; stopping takes a moment), that were not idle, as the nodes they hit.
 */
function loadSamples({ nodes, samples, timeDeltas }: Profile, seconds: number): Node[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const times: number[] = [];
  let time = 0;
  for (const delta of timeDeltas) times.push((time += delta));
  const from = time - seconds * 1e6;
  return samples.flatMap((id, i) => {
    const node = byId.get(id)!;
    return times[i]! >= from && node.callFrame.functionName !== '(idle)' ? [node] : [];
  });
}

/** Per entry of `key`, in per cent of the samples: self time, or with `inclusive` the time in it and what it calls. */
function top(profile: Profile, hits: Node[], key: (node: Node) => string, count: number, inclusive = false): [string, number][] {
  const parent = new Map<number, Node>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const time = new Map<string, number>();
  for (const hit of hits) {
    const keys = new Set<string>();
    for (let node: Node | undefined = hit; node; node = inclusive ? parent.get(node.id) : undefined) keys.add(key(node));
    for (const name of keys) time.set(name, (time.get(name) ?? 0) + 1);
  }
  return [...time].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, n]) => [name, Math.round((n / hits.length) * 1000) / 10]);
}

/** The profiled project's folder, as its modules' URLs begin. */
const projectUrl = pathToFileURL(dir === undefined ? fileURLToPath(new URL('../examples/product-service/', import.meta.url)) : `${resolve(dir)}/`).href;
const shortUrl = (url: string) => url.replace(projectUrl, '').replace(/^file:\/\/.*?\/node_modules\//, '');
const packageOf = ({ callFrame: { url, functionName } }: Node) =>
  /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.startsWith(projectUrl) ? 'the example' : url.startsWith('node:') ? 'node internals' : url === '' ? `(${functionName || 'native'})` : url);

async function main(): Promise<void> {
  const scenario = positionals[0] ?? 'create';
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server where this role may create a database');
  const directory = mkdtempSync(join(tmpdir(), 'example-profile-'));
  const database = await createDatabase(serverUrl, 'create_item_service_profile');
  try {
    process.env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${directory}`;
    const example = await startExample(database.url, dir === undefined ? undefined : { name: 'example', dir });
    delete process.env.NODE_OPTIONS;
    const table = await keepTable(database.url);
    try {
      await seed(example);
      await table.mark();
      const ids = ((await (await fetch(`${example.url}/api/products?pageSize=${ROWS}`, { headers: example.headers })).json()) as { id: number }[]).map((row) => row.id);
      const generator = scenarios(ids)[Object.keys(scenarios(ids)).find((name) => name.startsWith(scenario)) ?? ''];
      if (!generator) throw new Error(`unknown scenario "${scenario}" (list, get, create)`);
      const run = await wrk(example.url, requestList(generator(example)), { connections: 20, seconds: Number(options.seconds) });
      console.log(`${scenario}: ${Math.round(run.requests / run.seconds)} req/s under the profiler (wrk), ${run.errors + run.non2xx} errors or non-2xx`);
    } finally {
      await stop(example.child);
      await table.restore({ sessionsEnd: false });
    }
  } finally {
    await database.drop();
    removeCopies();
  }
  const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${directory}`);
  const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as Profile;
  const hits = loadSamples(profile, Number(options.seconds));
  const count = Number(options.top);
  const functionName = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const print = (title: string, rows: [string, number][]) => {
    console.log(`\n${title} (% of the ${hits.length} busy samples under load)`);
    for (const [name, share] of rows) console.log(`${String(share).padStart(5)}  ${name}`);
  };
  print('self time by function', top(profile, hits, functionName, count));
  print('self time by package', top(profile, hits, packageOf, 15));
  print('total time (with callees) by function', top(profile, hits, functionName, count, true));
  console.log(`\nprofile: ${join(directory, file)}`);
}

await main().catch((error: Error) => {
  console.error(`profile: ${error.message}`);
  process.exitCode = 1;
});
