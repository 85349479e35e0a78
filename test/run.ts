/**
 * Runs every test suite of the repository one after another, each in its own process, and ends
 * with one line `N passed, M failed` summed over all of them. A suite that exits non-zero, or that
 * prints no uvu totals (a crashed setup), counts as failed, and the run exits 1.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { EVERY_TYPE_AND_MODIFIER, MEMBERSHIP, MEMBERSHIP_WITHOUT_EXAMPLE } from './fields-fixtures.js';
import { otherNodes } from './other-nodes.js';
import { updateStory } from './updated-project.js';
import { dropCreatedDatabases, example, freshDatabase, linkRootModules, root, tempDir } from './helpers.js';

interface Suite {
  name: string;
  cwd: string;
  /** npm script to run; `test` unless given. */
  script?: string;
  env?: Record<string, string>;
  /**
   * Run against a PostgreSQL database of its own on the server of DATABASE_URL, named this
   * plus a random suffix, and dropped at the end of the run.
   */
  database?: string;
  /** Work done before the suite runs, e.g. generating the project it tests. */
  prepare?: () => void;
  /** Why the suite cannot run here: it is skipped, or counted as one failure under CI=true. */
  missing?: string;
}

const databaseUrl = process.env.DATABASE_URL;
const generatedDir = tempDir('create-item-service-e2e-');
const generated = join(generatedDir, 'warehouse-bin-service');
const bookExample = join(root, 'examples/book-service');
/** A service whose fields use every type and every modifier, generated from an answers file as CI would. */
const everyType = join(generatedDir, 'catalog-entry-service');
/** A project of the previous release with owner edits and an added field, updated by this version and then the next (test/updated-project.ts). */
const updated = join(generatedDir, 'updated-product-service');

const suites: Suite[] = [
  { name: 'generator', cwd: root, script: 'test:generator' },
  {
    name: 'example product-service, embedded PGlite',
    cwd: example,
    env: { DATABASE_URL: '' },
    prepare: () => linkRootModules(example),
  },
  { name: 'example product-service, PostgreSQL', cwd: example, database: 'product_service_test' },
  {
    name: 'example book-service (its own fields), embedded PGlite',
    cwd: bookExample,
    env: { DATABASE_URL: '' },
    prepare: () => {
      linkRootModules(bookExample);
      run('npm', ['run', 'typecheck'], bookExample);
    },
  },
  { name: 'example book-service (its own fields), PostgreSQL', cwd: bookExample, database: 'book_service_test' },
  {
    name: 'freshly generated catalog-entry-service (every field type and modifier), embedded PGlite',
    cwd: everyType,
    env: { DATABASE_URL: '' },
    prepare: () => {
      const answers = join(generatedDir, 'catalog-entry.json');
      writeFileSync(answers, JSON.stringify({ entity: 'catalog entry', fields: EVERY_TYPE_AND_MODIFIER }, null, 2));
      run('node', [join(root, 'bin/create-item-service.js'), '--answers', answers, '--yes', '--out', everyType], root);
      linkRootModules(everyType);
      run('npm', ['run', 'typecheck'], everyType);
    },
  },
  {
    name: 'freshly generated catalog-entry-service (every field type and modifier), PostgreSQL',
    cwd: everyType,
    database: 'catalog_entry_service_test',
  },
  ...fromAnswers('membership-service (a unique code with a pattern and its example, every type)', 'membership', { entity: 'Membership', fields: MEMBERSHIP }),
  ...fromAnswers('membership-service (the same code with no example: made from its pattern)', 'membership-made-example', {
    entity: 'Membership',
    fields: MEMBERSHIP_WITHOUT_EXAMPLE,
  }),
  { name: 'spec sweep: 20 drawn specs, each generated, type-checked, biome-checked and tested on PGlite', cwd: root, script: 'test:sweep' },
  {
    name: 'product-service updated from the previous release to the next (owner edits, a resolved conflict, a field added), embedded PGlite',
    cwd: updated,
    env: { DATABASE_URL: '' },
    prepare: () => {
      const story = updateStory(updated);
      if (story.exitCodes.next !== 0) throw new Error(`the next release's update exited ${story.exitCodes.next}:\n${story.nextOutput}`);
      if (story.exitCodes.resolved !== 0) throw new Error(`status after resolving the conflict exited ${story.exitCodes.resolved}`);
      linkRootModules(updated);
      run('npm', ['run', 'typecheck'], updated);
    },
  },
  {
    name: 'product-service updated from the previous release to the next (owner edits, a resolved conflict, a field added), PostgreSQL',
    cwd: updated,
    database: 'updated_product_service_test',
  },
  { name: 'example product-service resilience, embedded PGlite', cwd: example, script: 'test:resilience', env: { DATABASE_URL: '' } },
  { name: 'example product-service resilience, PostgreSQL', cwd: example, script: 'test:resilience', database: 'product_service_resilience' },
  {
    name: 'freshly generated warehouse-bin-service, embedded PGlite',
    cwd: generated,
    env: { DATABASE_URL: '' },
    prepare: () => {
      run('node', [join(root, 'bin/create-item-service.js'), 'warehouse bin', '--yes', '--out', generated], root);
      linkRootModules(generated);
      run('npm', ['run', 'typecheck'], generated);
    },
  },
  { name: 'freshly generated warehouse-bin-service, PostgreSQL', cwd: generated, database: 'warehouse_bin_service_test' },
  {
    name: 'freshly generated warehouse-bin-service resilience, embedded PGlite',
    cwd: generated,
    script: 'test:resilience',
    env: { DATABASE_URL: '' },
  },
  {
    name: 'freshly generated warehouse-bin-service resilience, PostgreSQL',
    cwd: generated,
    script: 'test:resilience',
    database: 'warehouse_bin_service_resilience',
  },
  ...otherNodes().map(
    ({ major, path, missing }): Suite => ({
      name: `example product-service on Node.js ${major}, embedded PGlite`,
      cwd: example,
      env: { DATABASE_URL: '', ...(path && { PATH: path }) },
      missing,
    }),
  ),
];

/** A project generated from an answers file as CI would, type-checked, and its tests on both databases. */
function fromAnswers(label: string, name: string, answers: object): Suite[] {
  const dir = join(generatedDir, `${name}-service`);
  const prepare = () => {
    const file = join(generatedDir, `${name}.json`);
    writeFileSync(file, JSON.stringify(answers, null, 2));
    run('node', [join(root, 'bin/create-item-service.js'), '--answers', file, '--yes', '--out', dir], root);
    linkRootModules(dir);
    run('npm', ['run', 'typecheck'], dir);
  };
  return [
    { name: `${label}, embedded PGlite`, cwd: dir, env: { DATABASE_URL: '' }, prepare },
    { name: `${label}, PostgreSQL`, cwd: dir, database: `${name.replaceAll('-', '_')}_service_test` },
  ];
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Reads uvu's closing totals; ANSI colours are stripped first. */
function parseTotals(output: string): { passed: number; failed: number } | undefined {
  const text = output.replace(/\u001b\[[0-9;]*m/g, '');
  const total = /Total:\s+(\d+)/.exec(text);
  const passed = /Passed:\s+(\d+)/.exec(text);
  if (!total || !passed) return undefined;
  return { passed: Number(passed[1]), failed: Number(total[1]) - Number(passed[1]) };
}

let passed = 0;
let failed = 0;
for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const env = { ...process.env, ...suite.env };
  if (suite.missing && process.env.CI !== 'true') {
    console.log(`skipped (not counted): ${suite.missing}`);
    continue;
  }
  try {
    if (suite.missing) throw new Error(suite.missing);
    suite.prepare?.();
    if (suite.database) {
      if (!databaseUrl) throw new Error('DATABASE_URL is not set (bash .ci/run starts PostgreSQL and sets it)');
      env.DATABASE_URL = await freshDatabase(databaseUrl, suite.database);
    }
  } catch (error) {
    console.log(`${suite.name}: setup failed, counted as one failure: ${(error as Error).message}`);
    failed += 1;
    continue;
  }
  if (env.DATABASE_URL === '') delete env.DATABASE_URL;
  const result = spawnSync('npm', ['run', suite.script ?? 'test'], { cwd: suite.cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  const totals = parseTotals(result.stdout);
  if (!totals) {
    console.log(`${suite.name}: no test totals printed (exit code ${result.status}); counted as one failure`);
    failed += 1;
    continue;
  }
  passed += totals.passed;
  failed += totals.failed;
  if (result.status !== 0 && totals.failed === 0) {
    console.log(`${suite.name}: exited with ${result.status} although every test passed; counted as one failure`);
    failed += 1;
  }
}

await dropCreatedDatabases();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
