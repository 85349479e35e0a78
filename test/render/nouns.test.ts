/**
 * Every common domain noun of test/support/nouns.ts is accepted as an entity, and its project
 * type-checks and passes Biome's linter with no finding: the generated code derives only compound
 * names from the entity (OrderModel, createOrder, orderCreateSchema), so none can clash with its
 * own; every other project has soft delete, with names of its own. All projects are checked by one
 * `tsc` and one `biome lint`. They are checked as rendered,
 * before the formatter's layout (render() always applies it, and layout changes no name).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { DEFAULT_PORTS } from '../../src/answers/answers.js';
import { validateEntity } from '../../src/answers/validate-answers.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { loadTemplates, renderUnformatted } from '../../src/render/render.js';
import { entityNames } from '../../src/names/entity-names.js';
import { example, root, tempDir } from '../support/helpers.js';
import { NOUNS, PLURAL_LOOKING } from '../support/nouns.js';
import { ownNameNouns } from '../support/own-name-nouns.js';

/** Nouns whose table would take one of the service's own: refused, in one line. */
const OWN_TABLE_NOUNS = ['Idempotency key', 'Rate limit'];

const require = createRequire(import.meta.url);
const typescriptManifest = require.resolve('typescript/package.json');
const TSC = join(dirname(typescriptManifest), (JSON.parse(readFileSync(typescriptManifest, 'utf8')) as { bin: { tsc: string } }).bin.tsc);
const BIOME = require.resolve('@biomejs/biome/bin/biome');

/**
 * The client's types for a Product project, renamed for another entity: they differ only in the
 * names (paths, schemas, operations), and openapi-typescript would take seconds per project.
 */
function clientTypesFor(entity: string, plural?: string): string {
  const product = readFileSync(join(example, 'src/client/schema.d.ts'), 'utf8');
  const names = entityNames(entity, plural);
  return product
    .replaceAll('/api/products', `/api/${names.routeSegment}`)
    .replaceAll('Products', names.classNamePlural)
    .replaceAll('Product', names.className);
}

test('the singular nouns that read as plurals are accepted with their plural, and refused without, naming --plural', () => {
  for (const [noun, plural] of PLURAL_LOOKING) {
    assert.match(validateEntity(noun) ?? '', /give its plural with --plural$/, noun);
    assert.is(validateEntity(noun, plural), undefined, noun);
  }
});

test('the nouns are refused only where they would take a table of the service', () => {
  for (const noun of NOUNS) {
    const problem = validateEntity(noun);
    if (OWN_TABLE_NOUNS.includes(noun)) assert.match(problem ?? '', /^entity name "[^"]+" would name its table \w+, which the service keeps for itself; choose another name$/);
    else assert.is(problem, undefined, noun);
  }
});

test("the projects of the common nouns, and of every name the code's own identifiers could be read as, type-check and pass Biome's linter", () => {
  const templates = loadTemplates();
  const ownNames = ownNameNouns(templates);
  // createLogger reads as create<Entity> for the entity Logger, and so on: the check must find some.
  assert.ok(ownNames.includes('Logger'), ownNames.join(', '));
  const plurals = new Map<string, string>(PLURAL_LOOKING);
  const accepted = [...new Set([...NOUNS.filter((noun) => !OWN_TABLE_NOUNS.includes(noun)), ...ownNames, ...plurals.keys()])];
  const dir = tempDir('create-item-service-nouns-');
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  for (const [index, noun] of accepted.entries()) {
    const folder = entityNames(noun).fileBase;
    const plural = plurals.get(noun);
    // Every other project with soft delete, whose code has names of its own (restore<Entity>, ...).
    const answers = { entity: noun, ...DEFAULT_PORTS, softDelete: index % 2 === 1, ...(plural === undefined ? {} : { plural }) };
    for (const [path, content] of renderUnformatted(answers, templates, GENERATOR_VERSION)) {
      // One configuration for all, at the top: Biome refuses a root configuration nested in another.
      write(path === 'biome.jsonc' ? path : `${folder}/${path}`, content);
    }
    write(`${folder}/src/client/schema.d.ts`, clientTypesFor(noun, plural));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const first = entityNames(accepted[0]!).fileBase;
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: `./${first}/tsconfig.json`,
      compilerOptions: { noEmit: true, rootDir: '.' },
      include: ['*/src', '*/test', '*/bench'],
      exclude: [],
    }),
  );
  const tsc = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.is(tsc.status, 0, tsc.stdout.split('\n').slice(0, 40).join('\n'));
  const biome = spawnSync(process.execPath, [BIOME, 'lint', '--error-on-warnings', '--vcs-enabled=false', '--max-diagnostics=40', '.'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.is(biome.status, 0, `${biome.stdout}${biome.stderr}`.split('\n').slice(0, 60).join('\n'));
});

test.run();
