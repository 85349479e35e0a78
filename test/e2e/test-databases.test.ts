import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { dropCreatedDatabases, freshDatabase, root } from '../support/helpers.js';

// The PostgreSQL server of the tests may be shared with other people's work.

async function databaseNames(serverUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>('select datname from pg_database')).rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

test("test databases get names of their own and the run drops only those, never another's", async () => {
  const serverUrl = process.env.DATABASE_URL;
  assert.ok(serverUrl, 'set DATABASE_URL to a PostgreSQL database (bash .ci/run does)');
  const prefix = `helpers_check_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${prefix}`); // someone else's, named like ours
    const urls = [await freshDatabase(serverUrl, prefix), await freshDatabase(serverUrl, prefix)];
    const names = urls.map((url) => new URL(url).pathname.slice(1));
    assert.is(new Set([...names, prefix]).size, 3, `distinct names: ${names.join(', ')}`);
    assert.ok(names.every((name) => name.startsWith(`${prefix}_`)));
    await dropCreatedDatabases();
    const left = await databaseNames(serverUrl);
    assert.ok(left.includes(prefix), "the other database is still there");
    assert.equal(names.filter((name) => left.includes(name)), [], 'the created ones are gone');
  } finally {
    await admin.query(`drop database if exists ${prefix}`);
    await admin.end();
  }
});

test('every temporary folder a test makes is gone when its process exits', () => {
  const script = `
    import { tempDir } from ${JSON.stringify(join(root, 'test/support/helpers.ts'))};
    console.log(tempDir());`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.is(run.status, 0, run.stderr);
  const dir = run.stdout.trim();
  assert.match(dir, /create-item-service-test-/);
  assert.not.ok(existsSync(dir), `${dir} is left behind`);
});

test('the repository commits no symlink (a node_modules link dangles on any other clone) and ignores those tests make', () => {
  const files = spawnSync('git', ['ls-files', '-s'], { cwd: root, encoding: 'utf8' });
  assert.is(files.status, 0, files.stderr);
  const links = files.stdout.split('\n').filter((line) => line.startsWith('120000 '));
  assert.equal(links, []);
  const ignored = spawnSync('git', ['check-ignore', '--no-index', 'examples/product-service/node_modules'], { cwd: root, encoding: 'utf8' });
  assert.is(ignored.status, 0, 'examples/*/node_modules is ignored, also as a symlink');
});

test.run();
