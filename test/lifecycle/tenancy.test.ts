import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Knex } from 'knex';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import type { Answers } from '../../src/answers/answers.js';
import type { FieldSpec } from '../../src/fields/field-spec.js';
import { statusCommand } from '../../src/lifecycle/status-command.js';
import { updateCommand } from '../../src/lifecycle/update-command.js';
import { parseRecord } from '../../src/project-files/record.js';
import { readTree, tempDir } from '../support/helpers.js';
import { generated, writeTree } from '../support/lifecycle-fixtures.js';
import { collector } from '../support/output.js';
import { inScratchSchema, migrationTarget, registry, schemaOf, testDatabases, testKnex } from '../support/project-schema.js';

// Tenancy turned on by `update` in a project that holds rows: one migration gives every stored row
// to the tenant the owner names, rebuilds every key with tenant_id leading it and turns row-level
// security on, ending where a new project with tenancy starts.

const FIELDS: FieldSpec[] = [
  { name: 'title', type: 'string', required: true, maxLength: 200 },
  { name: 'isbn', type: 'string', maxLength: 13, unique: true },
  { name: 'format', type: 'enum', values: ['hardcover', 'paperback'], index: true },
];
const book: Answers = { entity: 'Book', port: 8080, managementPort: 8081, fields: FIELDS };
const ROWS = 10_000;

function project(answers: Answers): string {
  const dir = tempDir();
  writeTree(dir, generated(answers));
  return dir;
}

/** What the owner does: edits the answers file, then runs update. */
function editAndUpdate(dir: string, edit: (answers: Record<string, unknown>) => Record<string, unknown>): { code: number; text: string } {
  const path = join(dir, 'create-item-service.json');
  writeFileSync(path, `${JSON.stringify(edit(JSON.parse(readFileSync(path, 'utf8'))), null, 2)}\n`);
  const out = collector();
  return { code: updateCommand(dir, {}, out), text: out.text() };
}

const plan = suite('update turns tenancy on');

plan('refused in one line without the tenant the stored rows go to; with it a migration of its own, recorded, and the project a fresh rendering of its answers', () => {
  const dir = project(book);
  const refused = editAndUpdate(dir, (answers) => ({ ...answers, tenantClaim: 'org_id' }));
  assert.is(refused.code, 2);
  assert.match(refused.text, /^error: create-item-service\.json: turning tenancy on, the rows stored so far need a tenant: add "existingRowsTenant"/);
  const turned = editAndUpdate(dir, (answers) => ({ ...answers, existingRowsTenant: 'acme' }));
  assert.is(turned.code, 0, turned.text);
  assert.match(turned.text, '002-add-tenants-to-books');
  assert.match(turned.text, 'the rows stored so far go to "acme"');
  const files = readTree(dir);
  const record = parseRecord(files.get('create-item-service.json')!);
  assert.is(record.answers.existingRowsTenant, undefined, 'the answer is the migration\'s now');
  assert.equal(record.answers.migrations?.at(-1), { name: '002-add-tenants-to-books', fields: FIELDS, tenancy: true, existingRowsTenant: 'acme' });
  assert.ok(files.has('src/db/tenant-scope.ts'));
  assert.is(generated(record.answers).get('src/migrations/002-add-tenants-to-books.ts'), files.get('src/migrations/002-add-tenants-to-books.ts'));
  assert.is(statusCommand(dir, {}, collector()), 0);
  const off = editAndUpdate(dir, ({ tenantClaim: _claim, ...answers }) => answers);
  assert.is(off.code, 2);
  assert.match(off.text, /"tenantClaim" was removed, but a table that keeps tenants apart cannot be one tenant's again/);
});

plan.run();

const data = suite('tenancy on a table that holds rows');

/** The rows a query sees where the transaction names `tenant` (none: no setting), as the service's requests run. */
async function visible(knex: Knex, tenant: string | undefined, superuser: boolean): Promise<number> {
  return knex.transaction(async (trx) => {
    if (superuser) await trx.raw("select set_config('role', 'books_tenant', true)");
    await trx.raw("select set_config('app.tenant_id', ?, true)", [tenant ?? '']);
    return Number((await trx('books').count({ n: '*' }))[0]!.n);
  });
}

for (const { label, url } of testDatabases()) {
  data(`${label}: every row kept and given to the named tenant, whom alone it shows; the schema a new project with tenancy has`, async () => {
    const plain = project(book);
    const tenants = tempDir();
    cpSync(plain, tenants, { recursive: true });
    assert.is(editAndUpdate(tenants, (answers) => ({ ...answers, tenantClaim: 'org_id', existingRowsTenant: 'acme' })).code, 0);
    const fresh = project({ ...book, tenantClaim: 'org_id' });

    const knex = await testKnex(url);
    const db = migrationTarget(knex);
    try {
      const superuser = Boolean((await knex.raw('select rolsuper from pg_roles where rolname = current_user')).rows[0]?.rolsuper);
      const made = await inScratchSchema(knex, `lifecycle_tenancy_fresh_${process.pid}`, async () => {
        await (await registry(fresh)).migrateLatest(db);
        return schemaOf(knex);
      });
      await inScratchSchema(knex, `lifecycle_tenancy_${process.pid}`, async () => {
        await (await registry(plain)).migrateLatest(db);
        const now = new Date();
        const rows = Array.from({ length: ROWS }, (_, i) => ({ title: `Book ${i}`, isbn: String(i).padStart(13, '0'), format: 'paperback', created_at: now, updated_at: now }));
        for (let i = 0; i < ROWS; i += 1_000) await knex.batchInsert('books', rows.slice(i, i + 1_000));

        const started = performance.now();
        assert.equal(await (await registry(tenants)).migrateLatest(db), ['002-add-tenants-to-books']);
        console.log(`  ${label}: tenancy turned on over ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(2)} s`);
        // The scratch schema stands in for public, which every role may use; the embedded database's requests run as the tenant role.
        if (superuser) await knex.raw('grant usage on schema ?? to ??', [`lifecycle_tenancy_${process.pid}`, 'books_tenant']);
        assert.is(await visible(knex, 'acme', superuser), ROWS, "every row, acme's");
        assert.is(await visible(knex, 'globex', superuser), 0, "none another tenant's");
        assert.is(await visible(knex, undefined, superuser), 0, 'none without a tenant');
        assert.equal(await schemaOf(knex), made, 'the columns, constraints and indexes of a new project with tenancy');

        assert.is(await (await registry(tenants)).rollbackLast(db), '002-add-tenants-to-books');
        assert.is(Number((await knex('books').count({ n: '*' }))[0]!.n), ROWS, 'down keeps the rows');
      });
    } finally {
      await knex.destroy();
    }
  });
}

data.run();
