/**
 * The example's `npm run bench -- --rows N` on a database of its own on the server of
 * DATABASE_URL, holding two rows of the owner's: the run must leave the table exactly as it
 * found it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { checkListTargets, type ListScaleFigures } from '../../bench/list-targets.js';
import { dropCreatedDatabases, freshDatabase, root, tempDir } from '../support/helpers.js';

const example = join(root, 'examples/product-service');
if (!process.env.DATABASE_URL) throw new Error('the benchmark needs PostgreSQL: set DATABASE_URL (bash .ci/run does)');
/** Both tests share one database of their own; the second finds what the first left. */
const databaseUrl = await freshDatabase(process.env.DATABASE_URL, 'bench_rows');
const ROWS = 2_000;

async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<T>(sql, values)).rows;
  } finally {
    await db.end();
  }
}

const bench = (args: string[], databaseUrl: string) =>
  spawnSync('npm', ['run', 'bench', '--', ...args], { cwd: example, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8', timeout: 240_000 });

type Round = { scenario: string; rows: number; requestsPerSecond?: number; errors?: number; non2xx?: number; unavailable?: string }[];

test(`--rows ${ROWS} measures the list at 100 and at ${ROWS} rows, prints both and the ratio, and leaves the table as it found it`, async () => {
  const migrate = spawnSync('npm', ['run', 'migrate'], { cwd: example, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  assert.is(migrate.status, 0, migrate.stdout + migrate.stderr);
  // Rows of the owner's that the benchmark must neither count twice nor touch.
  const kept = await query<{ id: number }>(
    databaseUrl,
    "insert into products (name, description, price, quantity, created_at, updated_at) values ('Kept 1', null, 0.01, 1, '2020-01-01T00:00:00Z', '2020-01-02T00:00:00Z'), ('Kept 2', 'two', 12.5, 2, now(), now()) returning id",
  );
  try {
    const before = await query(databaseUrl, 'select * from products order by id');
    const found = before.length;
    const sequenceBefore = (await query<{ last_value: string }>(databaseUrl, 'select last_value from products_id_seq'))[0]!.last_value;

    const out = join(tempDir(), 'results.json');
    const run = bench(['--rows', String(ROWS), '--short', '--out', out], databaseUrl);
    console.log(run.stdout.split('\n').filter((line) => /^\||rows|targets/.test(line)).join('\n'));
    assert.is(run.status, 0, run.stdout + run.stderr);

    assert.equal(await query(databaseUrl, 'select * from products order by id'), before, 'the same rows with the same content');
    assert.match(run.stdout, `products: ${found} rows found`);
    assert.match(run.stdout, `products: ${found} rows left (${found} found)`);
    // The fill inserted exactly the rows that were missing, through the table's own id sequence.
    const sequenceAfter = (await query<{ last_value: string }>(databaseUrl, 'select last_value from products_id_seq'))[0]!.last_value;
    assert.is(Number(sequenceAfter) - Number(sequenceBefore), ROWS - found);
    assert.match(run.stdout, new RegExp(`products: ${Math.max(100, found)} rows, filled in \\d+\\.\\d s`));
    assert.match(run.stdout, new RegExp(`products: ${ROWS} rows, filled in \\d+\\.\\d s`));

    const results = JSON.parse(readFileSync(out, 'utf8')) as {
      rounds: { before: Round; after: Round };
      comparisons: { scenario: string; growsWithTable: boolean; throughputRatio?: number }[];
    };
    const scenarios = [
      'first page',
      'cursor page half-way',
      'createdAt range, half the table',
      'sorted by -createdAt',
      'text key prefix, sorted by it',
      "one author's rows (createdBy)",
      'count=exact',
    ];
    for (const [round, rows] of [[results.rounds.before, Math.max(100, found)], [results.rounds.after, ROWS]] as const) {
      assert.equal(round.map((r) => r.scenario), scenarios);
      for (const result of round) {
        assert.is(result.rows, rows);
        if (result.scenario === 'text key prefix, sorted by it') {
          // Products have no unique or indexed text (the book example's prefix page is measured below).
          assert.is(result.unavailable, 'the list has no text key to filter by prefix');
          continue;
        }
        // Every other scenario is one the list serves: measured, without an error.
        assert.is(result.unavailable, undefined, `${result.scenario} at ${rows} rows`);
        assert.is(result.errors! + result.non2xx!, 0, `${result.scenario} at ${rows} rows`);
      }
    }
    // The first page is what every list serves: measured in both rounds, with its ratio printed.
    const firstPage = results.comparisons.find((c) => c.scenario === 'first page')!;
    assert.ok(firstPage.throughputRatio! > 0, 'the first page has a ratio');
    assert.match(run.stdout, new RegExp(`\\| first page +\\| ${firstPage.throughputRatio}x +\\|`));
    for (const { scenario, throughputRatio } of results.comparisons) {
      if (scenario !== 'text key prefix, sorted by it') assert.ok(throughputRatio! > 0, `${scenario} has a ratio`);
    }
    // The bench marks what grows with the table, so the root targets need no list of their own.
    assert.equal(results.comparisons.filter((c) => c.growsWithTable).map((c) => c.scenario), ['count=exact']);
    // The owner's bench reports; the generator's root bench holds the figures to its targets.
    assert.not.match(run.stdout, /target/);
    const checks = checkListTargets(results as unknown as ListScaleFigures);
    const measuredScenarios = scenarios.filter((s) => s !== 'count=exact' && s !== 'text key prefix, sorted by it');
    assert.equal([...new Set(checks.map((c) => c.scenario))], measuredScenarios, 'every measured scenario but the count is held to the targets');
    assert.is(checks.length, measuredScenarios.length * 3);
  } finally {
    await query(databaseUrl, 'delete from products where id = any($1)', [kept.map((row) => row.id)]);
  }
});

test('--rows refuses a size the first round already has, and leaves the table as it was', async () => {
  const before = await query(databaseUrl, 'select * from products order by id');
  const run = bench(['--rows', '100', '--short'], databaseUrl);
  assert.is(run.status, 1);
  assert.match(run.stderr, /bench: --rows must be more than the \d+ rows of the first round/);
  assert.equal(await query(databaseUrl, 'select * from products order by id'), before);
});

test('on the book example, whose isbn is unique text, the prefix page is measured too', async () => {
  const books = join(root, 'examples/book-service');
  const databaseUrl = await freshDatabase(process.env.DATABASE_URL!, 'bench_rows_books');
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  const migrate = spawnSync('npm', ['run', 'migrate'], { cwd: books, env, encoding: 'utf8' });
  assert.is(migrate.status, 0, migrate.stdout + migrate.stderr);
  const out = join(tempDir(), 'results.json');
  const run = spawnSync('npm', ['run', 'bench', '--', '--rows', String(ROWS), '--short', '--out', out], { cwd: books, env, encoding: 'utf8', timeout: 240_000 });
  console.log(run.stdout.split('\n').filter((line) => /^\| text key prefix/.test(line)).join('\n'));
  assert.is(run.status, 0, run.stdout + run.stderr);
  const results = JSON.parse(readFileSync(out, 'utf8')) as { rounds: { before: Round; after: Round } };
  for (const round of [results.rounds.before, results.rounds.after]) {
    const prefix = round.find((result) => result.scenario === 'text key prefix, sorted by it')!;
    assert.is(prefix.unavailable, undefined);
    assert.ok(prefix.requestsPerSecond! > 0);
    assert.is(prefix.errors! + prefix.non2xx!, 0);
  }
  assert.match(run.stdout, 'books: 0 rows left (0 found)');
});

test.after(dropCreatedDatabases);

test.run();
