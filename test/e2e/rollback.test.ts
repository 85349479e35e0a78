import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { AUTH_ENV } from '../../examples/product-service/test/support/tokens.js';
import { dropCreatedDatabases, freshDatabase, linkRootModules, tempDir } from '../support/helpers.js';
import { copyExample, replaceInFile } from '../support/lifecycle-fixtures.js';
import { freePort, spawnServer, until } from '../support/servers.js';

// A deploy rolled back: v2 of the example (v1 plus a migration adding a nullable column) migrates
// a PostgreSQL database, then v1 starts on it again, as the same image would after a rollback.

const MIGRATION = 'src/migrations/002-add-sku.ts';

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
  assert.is(result.status, 0, `npm ${args.join(' ')}:\n${result.stdout}${result.stderr}`);
}

/** Two copies of the example: v1 as generated, v2 with `002-add-sku` made and filled in as an owner would. */
function twoBuilds(): { v1: string; v2: string } {
  const [v1, v2] = [tempDir('rollback-v1-'), tempDir('rollback-v2-')];
  for (const dir of [v1, v2]) {
    copyExample(dir);
    linkRootModules(dir);
  }
  npm(['run', 'migrate:make', '--', 'add sku'], v2);
  replaceInFile(v2, MIGRATION, "// e.g. table.string('sku', 40).nullable();", "table.string('sku', 40).nullable();");
  replaceInFile(v2, MIGRATION, "// e.g. table.dropColumn('sku');", "table.dropColumn('sku');");
  return { v1, v2 };
}

async function hasSku(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from information_schema.columns where table_name = 'products' and column_name = 'sku'");
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

const test = suite('rollback: an older build on a database a newer build migrated');

test('v1 starts with npm start after v2 applied 002-add-sku, with MIGRATE_ON_START=true and false; the column stays', async () => {
  const serverUrl = process.env.DATABASE_URL;
  assert.ok(serverUrl, 'set DATABASE_URL to a PostgreSQL database (bash .ci/run does)');
  try {
    const databaseUrl = await freshDatabase(serverUrl, 'rollback');
    const { v1, v2 } = twoBuilds();
    npm(['run', 'migrate'], v2, { ...process.env, DATABASE_URL: databaseUrl });
    assert.ok(await hasSku(databaseUrl), 'v2 added the column');

    for (const migrateOnStart of ['true', 'false']) {
      const [port, managementPort] = [await freePort(), await freePort()];
      const env = {
        ...process.env,
        ...AUTH_ENV,
        DATABASE_URL: databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        MANAGEMENT_PORT: String(managementPort),
        LOG_LEVEL: 'info',
        MIGRATE_ON_START: migrateOnStart,
      };
      const server = spawnServer('npm', ['start'], { cwd: v1, env });
      let code: number | null = null;
      try {
        const ms = await until(`v1 ready (MIGRATE_ON_START=${migrateOnStart})`, 20_000, async () => (await fetch(`http://127.0.0.1:${managementPort}/health/ready`)).status === 200, {
          server,
          intervalMs: 100,
        });
        console.log(`  rollback: v1 ready in ${ms} ms with MIGRATE_ON_START=${migrateOnStart}`);
        assert.is((await fetch(`http://127.0.0.1:${port}/api/products`)).status, 200);
        // The log is written in batches (up to 250 ms late): the warning may follow readiness.
        await until('the unknown migration logged', 5_000, () => server.lines.some((line) => line.includes('this build does not know')), { server });
        const warnings = server.lines.filter((line) => line.includes('this build does not know'));
        assert.is(warnings.length, 1, server.lines.join('\n'));
        assert.match(warnings[0]!, '002-add-sku; left alone');
      } finally {
        code = await server.stop('SIGTERM');
      }
      assert.is(code, 0, server.lines.join('\n'));
    }
    assert.ok(await hasSku(databaseUrl), 'v1 dropped nothing');
    assert.not.ok(existsSync(join(v1, MIGRATION)), 'v1 has no 002-add-sku');
  } finally {
    await dropCreatedDatabases();
  }
});

test.run();
