/**
 * What each layer of the example's request path costs: the example beside copies of itself with
 * one layer taken out (and one with all of them out), and bare Koa + pg for scale, in the root
 * bench's interleaved rounds. It prints, per scenario, req/s and server CPU per request, and what
 * each copy saves against the example: the figures behind "what would it take" in the README.
 *
 *   DATABASE_URL=postgres://... node --import tsx bench/layers.ts            8 rounds of 3 s
 *   DATABASE_URL=postgres://... node --import tsx bench/layers.ts --short    3 rounds of 1 s
 *
 * A layer is taken out by editing the copy's source text; an edit whose text is not found stops
 * the run, so a change to the example cannot silently measure nothing.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { keepTable } from '../examples/product-service/bench/table.js';

import { createDatabase } from './database.js';
import { CONNECTIONS, inRounds, MODES } from './rounds.js';
import { ROWS, scenarios, seed } from './scenarios.js';
import { startBaseline, startExample, stop, type Target } from './targets.js';

interface Edit {
  file: string;
  find: string;
  replace: string;
}

const root = new URL('..', import.meta.url).pathname;
const example = join(root, 'examples/product-service');

const LAYERS: Record<string, Edit[]> = {
  'no request log': [{ file: 'src/app.ts', find: '  service.use(requestLog(logger));\n', replace: '' }],
  'no metrics': [{ file: 'src/app.ts', find: '  service.use(metrics.middleware);\n', replace: '' }],
  'no API headers': [{ file: 'src/app.ts', find: '  service.use(securityHeaders());\n', replace: '' }],
  'no Joi on create': [{ file: 'src/product/product.routes.ts', find: 'const fields = validateCreate(ctx.request.body);', replace: 'const fields = ctx.request.body as ProductCreate;' }, { file: 'src/product/product.routes.ts', find: "import { LIST_KEYS,", replace: "import type { ProductCreate } from './product.schema.js';\nimport { LIST_KEYS," }],
  // The row is still a Product, so the answer is serialized as before: only the query builder is left out.
  'get by knex': [
    {
      file: 'src/product/product.repository.ts',
      find: 'return Product.query().findById(id);',
      replace: "const row = await Product.knex()('products').where('id', id).first();\n  return row === undefined ? undefined : Product.fromDatabaseJson(row);",
    },
  ],
};
LAYERS['all of these'] = Object.values(LAYERS).flat();

const { values: options } = parseArgs({ options: { short: { type: 'boolean', default: false } } });
const mode = options.short ? MODES.short : MODES.full;

/** A copy of the example's sources with `edits` made, resolving packages from the root's install. */
function copyWith(edits: Edit[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'example-layers-'));
  for (const part of ['src', 'package.json', 'tsconfig.json']) cpSync(join(example, part), join(dir, part), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const { file, find, replace } of edits) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (!text.includes(find)) throw new Error(`bench/layers.ts: ${file} no longer holds ${JSON.stringify(find)}; update the edit`);
    writeFileSync(join(dir, file), text.replace(find, replace));
  }
  return dir;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server where this role may create a database');
  const copies = Object.entries(LAYERS).map(([name, edits]) => ({ name, dir: copyWith(edits) }));
  const database = await createDatabase(serverUrl, 'create_item_service_bench_layers');
  const targets: Target[] = [];
  try {
    targets.push(await startExample(database.url));
    for (const copy of copies) targets.push(await startExample(database.url, copy));
    targets.push(await startBaseline('koa + pg', 'koa.ts', database.url));
    const table = await keepTable(database.url);
    await seed(targets[0]!);
    await table.mark();
    const ids = ((await (await fetch(`${targets[0]!.url}/api/products?pageSize=${ROWS}`)).json()) as { id: number }[]).map((row) => row.id);
    console.log(`${cpus().length} cores, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}; ${mode.rounds} rounds of ${mode.seconds} s, ${CONNECTIONS} connections`);
    const results = await inRounds(targets, scenarios(ids), mode, table);
    console.log('| scenario | target | req/s | CPU µs/req | saves µs/req | x bare Koa |');
    console.log('|---|---|---|---|---|---|');
    for (const r of results) {
      const ours = results.find((other) => other.scenario === r.scenario && other.target === 'example')!;
      const koa = results.find((other) => other.scenario === r.scenario && other.target === 'koa + pg')!;
      const saves = r.target === 'example' || r.target === 'koa + pg' ? '' : String(Math.round(ours.cpuMicrosPerRequest - r.cpuMicrosPerRequest));
      console.log(`| ${r.scenario} | ${r.target} | ${r.requestsPerSecond} | ${Math.round(r.cpuMicrosPerRequest)} | ${saves} | ${(r.cpuMicrosPerRequest / koa.cpuMicrosPerRequest).toFixed(2)}x |`);
    }
    console.log(`load average ${loadavg()[0]!.toFixed(1)} after`);
    await table.restore({ sessionsEnd: false });
    if (results.some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
  } finally {
    await Promise.all(targets.map((target) => stop(target.child)));
    await database.drop();
    for (const { dir } of copies) rmSync(dir, { recursive: true, force: true });
  }
}

await main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
