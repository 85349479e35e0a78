import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { canonicalField, DEFAULT_FIELDS } from '../../src/fields/field-spec.js';
import { renderProject } from '../../src/generate/generate.js';
import { projectMoves } from '../../src/lifecycle/moves.js';
import { loadTemplates } from '../../src/render/render.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { example, readTree, root, runBin, runCli, tempDir } from '../support/helpers.js';

const product = { entity: 'Product', port: 8080, managementPort: 8081 };
/** The book example's answers: its isbn is unique text, which the list filters by prefix. */
const bookAnswers = JSON.parse(readFileSync(join(root, 'examples/book-service/create-item-service.json'), 'utf8')) as typeof product;

// ---

const rendering = suite('rendering');

rendering('the same answers give byte-identical trees, also across processes', async () => {
  assert.equal(renderProject(product), renderProject(product));
  const [a, b] = [tempDir(), tempDir()];
  assert.is((await runCli(['Product', '--yes', '--out', 'out'], a)).status, 0);
  assert.is(runBin(['Product', '--yes', '--out', 'out'], b).status, 0);
  assert.equal(readTree(join(a, 'out')), readTree(join(b, 'out')));
});

rendering('the answers file records what is needed to regenerate exactly', () => {
  const answers = JSON.parse(renderProject(product).get('create-item-service.json') ?? '{}');
  assert.equal(answers, {
    entity: 'Product',
    port: 8080,
    managementPort: 8081,
    fields: DEFAULT_FIELDS.map(canonicalField),
    migrationLayout: 'combined',
    generatorVersion: GENERATOR_VERSION,
  });
});

rendering('templates mirror the generated tree file for file; one with nothing to say for these answers is left out', () => {
  // The field-change migration's template renders once per change `update` recorded: a fresh project has none.
  const templates = loadTemplates().filter((template) => !template.path.includes('__migration__'));
  const everything = { ...bookAnswers, events: 'nats', tenantClaim: 'org_id' } as const;
  assert.is(renderProject({ ...everything, migrationLayout: 'stepwise' }).size, templates.length);
  // The stepwise layout's index and version migrations: a new project's create migration makes both.
  assert.is(renderProject(everything).size, templates.length - 2);
  // Without unique or indexed text there is no prefix filter, so no collation to check; without soft
  // delete no restore, purge (its schedule and its command) or their tests; without events no outbox,
  // relay, AsyncAPI document, NATS or their tests.
  const files = renderProject(product);
  const softDeleteOnly = ['src/product/product.restore.ts', 'src/product/product.purge.ts', 'src/cli/purge.ts', 'test/product/soft-delete.test.ts', 'test/product/purge.test.ts'];
  const eventsOnly = [
    ...['change-event', 'outbox', 'relay', 'nats-publisher', 'asyncapi'].map((name) => `src/events/${name}.ts`),
    'src/client/events.ts',
    'src/migrations/001-store-outbox.ts',
    'deploy/kubernetes/nats.yaml',
    'deploy/prometheus/alerts.yaml',
    ...['support/nats-server.ts', 'support/event-checks.ts', 'events/events.test.ts', 'events/faults.test.ts', 'events/crash.test.ts'].map((name) => `test/${name}`),
  ];
  const tenancyOnly = ['src/db/tenant-scope.ts', 'test/product/tenancy.test.ts', 'test/product/tenant-isolation.test.ts'];
  assert.is(files.size, templates.length - 3 - softDeleteOnly.length - eventsOnly.length - tenancyOnly.length);
  for (const path of ['src/db/collation.ts', ...softDeleteOnly, ...eventsOnly, ...tenancyOnly]) assert.not.ok(files.has(path), path);
  const withTenants = renderProject({ ...product, tenantClaim: 'org_id' });
  for (const path of tenancyOnly) assert.ok(withTenants.has(path), path);
  assert.ok(renderProject({ ...product, softDelete: true }).has('src/product/product.restore.ts'));
  const withEvents = renderProject({ ...product, events: 'nats' });
  for (const path of eventsOnly) assert.ok(withEvents.has(path), path);
  assert.ok(renderProject(bookAnswers).get('src/db/collation.ts')!.startsWith("import type { Knex } from 'knex';"));
});

rendering('every test file lives in a folder of test/ where a declared move carries the flat one, but for the four that stay on top', () => {
  // A test file rendered in a new place without a move would leave an owner's edited copy behind as keep-obsolete.
  const answers = { entity: 'warehouse bin', port: 8080, managementPort: 8081, softDelete: true, tenantClaim: 'org_id', events: 'nats' } as const;
  const files = renderProject(answers);
  const moved = new Set(projectMoves(answers).map(({ to }) => to));
  const onTop = ['test/config-files.test.ts', 'test/config.test.ts', 'test/readme.test.ts', 'test/upkeep.test.ts'];
  const tests = [...files.keys()].filter((path) => path.startsWith('test/'));
  assert.equal(tests.filter((path) => !moved.has(path)), onTop);
  assert.ok(tests.includes('test/warehouse-bin/api.test.ts') && tests.includes('test/support/factory.ts'));
  // Every declared move of a test lands on a file this version renders, for some answers.
  for (const { to } of projectMoves(answers).filter(({ to }) => to.startsWith('test/'))) assert.ok(files.has(to), to);
});

rendering('no template syntax or placeholder is left in any path or file', () => {
  for (const [path, content] of renderProject({ entity: 'warehouse bin', port: 8080, managementPort: 8081 })) {
    assert.not.match(path, /__\w+__|\.hbs$|(^|\/)_gitignore$/, path);
    // Joi message templates such as {{#label}} are the only double braces the service itself uses;
    // its CI workflow has GitHub Actions expressions, ${{ matrix.node }}.
    const own = content.replaceAll('{{#label}}', '').replace(/\$\{\{ [\w.]+ \}\}/g, '');
    assert.not.match(own, /\{\{/, `${path} has leftover Handlebars syntax`);
  }
});

rendering('no name of another entity leaks into a rendered project', () => {
  for (const [path, content] of renderProject({ entity: 'warehouse bin', port: 8080, managementPort: 8081 })) {
    assert.not.match(`${path}\n${content}`, /order[-_ ]?lines?|\bproducts?\b/i, `${path} mentions another entity`);
  }
});

rendering('the chosen ports are the generated defaults', () => {
  const files = renderProject({ entity: 'Product', port: 3000, managementPort: 3001 });
  const config = files.get('src/config.ts') ?? '';
  assert.match(config, /3000/);
  assert.match(config, /3001/);
  assert.not.match(config, /8080|8081/);
});

rendering('the generated README\'s layout names every file, or a folder that holds it', () => {
  const files = renderProject({ entity: 'warehouse bin', port: 8080, managementPort: 8081 });
  const layout = (files.get('README.md') ?? '').split('## Layout')[1] ?? '';
  // The paths in the first column of each row, e.g. `src/auth/` or `src/server.ts`, `src/app.ts`.
  const named = layout.split('\n').flatMap((row) => [...(row.split(' | ')[0] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
  for (const path of files.keys()) {
    const covered = named.some((name) => name === path || (name.endsWith('/') && path.startsWith(name)));
    if (path !== 'README.md') assert.ok(covered, `README.md's layout names neither ${path} nor a folder of it`);
  }
});

rendering.run();

// ---

const drift = suite('the committed examples');

/** Fails unless `dir` holds exactly the files of `generated`, byte for byte. */
function assertSameTree(dir: string, generated: string): void {
  assert.ok(existsSync(dir), `${dir} is missing: run npm run examples`);
  const expected = readTree(generated);
  const actual = readTree(dir);
  assert.equal([...actual.keys()], [...expected.keys()], 'the same files (run npm run examples to regenerate)');
  for (const [path, content] of expected) {
    assert.ok(actual.get(path) === content, `${path} differs from the generator's output (run npm run examples)`);
  }
}

drift('examples/product-service is exactly what `create-item-service Product --yes` generates today', async () => {
  const out = join(tempDir(), 'product-service');
  const result = await runCli(['Product', '--yes', '--out', out]);
  assert.is(result.status, 0, result.stderr);
  assertSameTree(example, out);
});

drift('examples/book-service is exactly what `--answers` with its own answers file generates today', async () => {
  const bookExample = join(root, 'examples/book-service');
  const out = join(tempDir(), 'book-service');
  const result = await runCli(['--answers', join(bookExample, 'create-item-service.json'), '--yes', '--out', out]);
  assert.is(result.status, 0, result.stderr);
  assert.ok(readFileSync(join(out, 'create-item-service.json'), 'utf8').includes('"isbn"'), 'its own fields');
  assertSameTree(bookExample, out);
});

drift.run();
