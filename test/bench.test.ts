import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { freshDatabase, root, tempDir } from './helpers.js';

const example = join(root, 'examples/product-service');

test('npm run bench -- --short measures every scenario against the service and the baseline', async () => {
  const serverUrl = process.env.DATABASE_URL;
  assert.ok(serverUrl, 'the benchmark needs PostgreSQL: set DATABASE_URL (bash .ci/run does)');
  const databaseUrl = await freshDatabase(serverUrl, 'product_service_bench');
  const out = join(tempDir(), 'results.json');
  const bench = spawnSync('npm', ['run', 'bench', '--', '--short', '--out', out], {
    cwd: example,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 240_000,
  });
  // The report without npm's banner: the table, the ratios and the targets missed (indented lines).
  const report = bench.stdout.split('\n').filter((line) => /^(\||  \S)/.test(line) || /cold start|baseline,|targets/.test(line));
  console.log(report.join('\n'));
  assert.is(bench.status, 0, bench.stdout + bench.stderr);
  const { results } = JSON.parse(readFileSync(out, 'utf8')) as {
    results: { scenario: string; target: string; requestsPerSecond: number; errors: number; non2xx: number }[];
  };
  const measured = results.map((r) => `${r.scenario}/${r.target}`).sort();
  assert.equal(measured, ['create', 'get by id', 'list', 'mixed'].flatMap((s) => [`${s}/baseline`, `${s}/service`]).sort());
  for (const result of results) {
    assert.ok(result.requestsPerSecond > 0, `${result.scenario}/${result.target} answered requests`);
    assert.is(result.errors + result.non2xx, 0, `${result.scenario}/${result.target}: no errors, only 2xx`);
  }
  // The rows the runs created are deleted again: only the 100 seeded ones are left.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ count: string }>('select count(*) from products');
    assert.is(Number(rows[0]?.count), 100);
  } finally {
    await db.end();
  }
});

test('without DATABASE_URL the benchmark refuses with a clear message', () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const bench = spawnSync('npm', ['run', 'bench'], { cwd: example, env, encoding: 'utf8', timeout: 30_000 });
  assert.is(bench.status, 1);
  assert.match(bench.stderr, /bench: set DATABASE_URL to a PostgreSQL database/);
});

test.run();
