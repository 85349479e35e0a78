/**
 * Every job `npm test` runs (test/run.ts), declared once, the longest first so that they start
 * first. Each distinct check runs once where a second run adds nothing:
 * - what depends on the database runs on both the embedded PGlite and PostgreSQL (a database of
 *   its own on the server of DATABASE_URL): the reference examples, the update story and the
 *   resilience suite (test/support/resilience-kit.ts) on a copy of the example;
 * - a project whose purpose is its field spec (catalog-entry, the two membership variants,
 *   warehouse-bin) runs on PostgreSQL only: the sweep runs its drawn specs on PGlite;
 * - Node.js 22 and 24 run the reference example, the part that could differ by Node.js.
 * The generator's own tests run by layer, so that the pool runs them side by side; the resilience
 * suite, whose tests hold the process to time limits under load, runs alone. Projects are
 * made by setup jobs (test/support/make-project.ts) into a folder of the run; a job in a project
 * folder holds it, so two never write the same files (`dist/`, `node_modules`) at once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { EVERY_TYPE_AND_MODIFIER, INVOICE, MEMBERSHIP, MEMBERSHIP_WITHOUT_EXAMPLE } from './fields-fixtures.js';
import { GENERATED_PROJECT_ENV } from './generated-projects.js';
import { example, root, tempDir } from './helpers.js';
import { otherNodes } from './other-nodes.js';
import type { Job } from './runner/job.js';

const generatedDir = tempDir('create-item-service-e2e-');
const tsx = [process.execPath, '--import', 'tsx'];
/** uvu over the test files of `folder` that `pattern` matches. */
const uvu = (folder: string, pattern = '\\.test\\.ts$') => [...tsx, 'node_modules/uvu/bin.js', folder, pattern];

/** A setup job that makes the project in `dir` (test/support/make-project.ts), holding its folder. */
function project(name: string, dir: string, mode: 'link' | 'ready' | 'generate' | 'update-story' | 'resilience', args: string[] = []): Job {
  return { name: `make ${name}`, kind: 'setup', cwd: root, folder: dir, command: [...tsx, 'test/support/make-project.ts', mode, dir, ...args] };
}

/** A project generated from an answers file, as its owner's CI would. */
function fromAnswers(name: string, answers: object): Job {
  const file = join(generatedDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(answers, null, 2));
  return project(name, join(generatedDir, name), 'generate', ['--answers', file]);
}

/** Tests in a project's folder (its `npm test` unless `command` says otherwise), after the job that made it. */
function inProject(made: Job, name: string, options: { command?: string[]; database?: string; env?: Job['env'] }): Job {
  const { command, database, env } = options;
  return { name, kind: 'tests', cwd: made.folder!, folder: made.folder, after: [made], command: command ?? ['npm', 'test'], database, env };
}

/** On the embedded PGlite and on PostgreSQL. */
function bothDatabases(made: Job, label: string, options: { database: string; command?: string[] }): Job[] {
  return [
    inProject(made, `${label}, embedded PGlite`, { command: options.command, env: { DATABASE_URL: undefined } }),
    inProject(made, `${label}, PostgreSQL`, options),
  ];
}

const productExample = project('product-service (the example: linked)', example, 'link');
const bookExample = project('book-service (the example: linked, type-checked)', join(root, 'examples/book-service'), 'ready');
// Soft delete on where unique fields meet it (every modifier; a unique pattern), off in the other fixtures.
const catalogEntry = fromAnswers('catalog-entry-service', { entity: 'catalog entry', fields: EVERY_TYPE_AND_MODIFIER, softDelete: true });
const membership = fromAnswers('membership-service', { entity: 'Membership', fields: MEMBERSHIP, softDelete: true });
const madeExample = fromAnswers('membership-made-example-service', { entity: 'Membership', fields: MEMBERSHIP_WITHOUT_EXAMPLE });
// Tenants kept apart: with soft delete and fields of its own, and alone on the standard fields with an identity provider's namespaced claim.
const invoices = fromAnswers('invoice-service', { entity: 'Invoice', tenantClaim: 'org_id', softDelete: true, fields: INVOICE });
// Events too: the outbox's trigger and the relay under row-level security, each event naming its tenant.
const ledger = fromAnswers('ledger-entry-service', { entity: 'ledger entry', tenantClaim: 'https://example.com/tenant', events: 'nats' });
/** What a tenant project's tests read the table as, set on every server connection of a pooler in front of them. */
const TEST_TENANT_SESSION = "select set_config('app.tenant_id', 'tenant-test', false)";
/** The generator's render and end-to-end layers check what was rendered in it too (generated-projects.ts). */
const warehouseBin = project('warehouse-bin-service', join(generatedDir, 'warehouse-bin-service'), 'generate', ['warehouse bin']);
const updated = project('product-service updated from the previous release', join(generatedDir, 'updated-product-service'), 'update-story');
const examples = [productExample, bookExample, warehouseBin];
/** A copy of the example with the resilience suite rendered into it (test/support/resilience-kit.ts). */
const resilience = project('product-service with the resilience suite', join(generatedDir, 'resilience-product-service'), 'resilience', [example]);

/** A layer of the generator's own tests: uvu over a folder of test/ (the files `pattern` matches), or an npm script. */
function layer(name: string, run: { folder: string; pattern?: string } | { script: string }, after: Job[] = []): Job {
  const command = 'script' in run ? ['npm', 'run', run.script] : uvu(run.folder, run.pattern);
  const env = after.includes(warehouseBin) ? { [GENERATED_PROJECT_ENV]: warehouseBin.folder } : {};
  return { name: `generator: ${name}`, kind: 'tests', cwd: root, after, env, command };
}

/**
 * The render tests that `npm run test:render` (the quick loop while working) leaves out: those
 * that write whole projects and check them with tsc, Biome, docker-compose or a database. Its
 * `--ignore` in package.json names them; here they run as a job of their own.
 */
function renderOnDisk(): string {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const ignored = /--ignore '([^']+)'/.exec(scripts['test:render'] ?? '');
  if (!ignored) throw new Error("package.json's test:render has no --ignore '<pattern>' naming the render tests that check whole projects");
  return ignored[1]!;
}

export const suites: Job[] = [
  // First, and each alone: its tests hold the process to time limits under load.
  ...bothDatabases(resilience, 'example product-service resilience', {
    database: 'product_service_resilience',
    command: uvu('test/resilience'),
  }).map(
    (job): Job => ({ ...job, alone: true }),
  ),
  {
    name: 'spec sweep: drawn specs, each generated, type-checked, biome-checked and tested on PGlite',
    kind: 'tests',
    cwd: root,
    command: [...tsx, 'test/spec-sweep.ts'],
  },
  layer('render, whole projects checked with tools', { folder: 'test/render', pattern: renderOnDisk() }, examples),
  layer('common nouns as entities, type-checked and linted', { folder: 'test/render', pattern: '^nouns\\.test\\.ts$' }),
  layer('end to end', { folder: 'test/e2e' }, examples),
  layer('lifecycle', { folder: 'test/lifecycle' }),
  layer('cli', { folder: 'test/cli' }),
  layer('render, in process (npm run test:render)', { script: 'test:render' }),
  layer('unit (npm run test:unit)', { script: 'test:unit' }),
  { name: 'generator: type-check (src, test, bench)', kind: 'setup', cwd: root, command: ['npm', 'run', 'typecheck'] },
  // About 75 s: the example's server CPU per request over bare Koa's, held to the committed baseline (bench/guard.ts).
  { name: 'bench guard: example vs bare Koa, server CPU ratio of get and create', kind: 'check', cwd: root, command: [...tsx, 'bench/guard.ts'], after: [productExample] },
  ...bothDatabases(updated, 'product-service updated from the previous release to the next (owner edits, a resolved conflict, a field added)', {
    database: 'updated_product_service_test',
  }),
  ...bothDatabases(productExample, 'example product-service', { database: 'product_service_test' }),
  ...bothDatabases(bookExample, 'example book-service (its own fields)', { database: 'book_service_test' }),
  inProject(catalogEntry, 'generated catalog-entry-service (every field type and modifier), PostgreSQL', { database: 'catalog_entry_service_test' }),
  inProject(membership, 'generated membership-service (a unique code with a pattern and its example, every type), PostgreSQL', {
    database: 'membership_service_test',
  }),
  inProject(madeExample, 'generated membership-service (the same code with no example: made from its pattern), PostgreSQL', {
    database: 'membership_made_example_service_test',
  }),
  inProject(warehouseBin, 'generated warehouse-bin-service (another multi-word entity), PostgreSQL', { database: 'warehouse_bin_service_test' }),
  ...bothDatabases(invoices, 'generated invoice-service (tenants kept apart, soft delete)', { database: 'invoice_service_test' }),
  // Every suite but the migrations' own, which open scratch schemas by a startup parameter (options) no transaction pooler passes.
  inProject(invoices, 'generated invoice-service (tenants kept apart, soft delete), PostgreSQL behind PgBouncer in transaction mode', {
    database: 'invoice_service_pgbouncer_test',
    command: [...tsx, join(root, 'test/support/behind-pgbouncer.ts'), ...uvu('test', '\\.test\\.ts$'), '--ignore', '^db/(migrations|migrate-commands)\\.test\\.ts$'],
    env: { TEST_SESSION_QUERY: TEST_TENANT_SESSION },
  }),
  inProject(ledger, 'generated ledger-entry-service (tenants kept apart, a namespaced claim, change events), PostgreSQL', { database: 'ledger_entry_service_test' }),
  ...otherNodes().map(({ major, path, missing }): Job => ({
    ...inProject(productExample, `example product-service on Node.js ${major}, embedded PGlite`, { env: { DATABASE_URL: undefined, ...(path && { PATH: path }) } }),
    missing,
  })),
];
