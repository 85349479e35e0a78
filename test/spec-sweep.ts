/**
 * A sweep over the field spec space: specs drawn by fast-check from every type and modifier
 * (unique with a pattern, unique dates and enums, narrow ranges, decimals at the edges of
 * precision and scale, patterns without an example, tricky names, long entity names). Each spec
 * the generator accepts must give a project that type-checks, passes `biome check` and passes its
 * own `npm test` on the embedded database; one it refuses must be refused in one line.
 *
 *   npm run test:sweep                                  20 specs, the fixed seed (CI)
 *   SWEEP_SPECS=200 SWEEP_SEED=7 npm run test:sweep     a larger run; each spec is printed to replay it
 *   SWEEP_SPECS=200 SWEEP_SEED=7 SWEEP_FROM=101 ...     its specs 101 to 200 only: the same specs, so a
 *                                                       large run can be split across machines or days
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { validateFields } from '../src/spec/validate-fields.js';
import { linkRootModules, root, tempDir } from './support/helpers.js';

const SPECS = Number(process.env.SWEEP_SPECS ?? 20);
const SEED = Number(process.env.SWEEP_SEED ?? 20261124);
const FROM = Number(process.env.SWEEP_FROM ?? 1);

/** Codes and formats owners write: SKUs, ISBNs, member numbers, slugs, country codes. */
const PATTERNS = [
  '^[A-Z]{3}-[0-9]{4}$', '^97[89]-\\d{10}$', '^[a-z0-9]+(-[a-z0-9]+)*$', '^[A-Z]{2}$', '^\\S.*$', '^[A-Z][a-z]+$',
  '^SKU-\\d{6,8}$', '^[0-9a-f]{8}$', '^(EU|US)-[0-9]{5}$', '^[a-z]+$',
];
/** Names close to the generated code's own words; the ones the spec refuses are fields-names.test.ts's. */
const NAMES = ['code', 'sku', 'isbn', 'title', 'status', 'value', 'key', 'label', 'note', 'total', 'startsOn', 'endsAt', 'owner', 'rank', 'ratio', 'kind', 'email', 'externalId', 'data', 'length'];
const ENTITIES = ['Membership', 'Parcel', 'order line', 'Warehouse inventory adjustment record', 'Status', 'Index', 'Person', 'Box'];

const common = { required: fc.boolean(), key: fc.constantFrom('unique', 'index', undefined) };

const field = fc.oneof(
  fc.record({
    type: fc.constantFrom('string', 'text'),
    ...common,
    pattern: fc.option(fc.constantFrom(...PATTERNS), { nil: undefined }),
    minLength: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    maxLength: fc.option(fc.constantFrom(2, 8, 12, 40, 200, 600), { nil: undefined }),
  }),
  fc.record({ type: fc.constant('email'), ...common, maxLength: fc.option(fc.constantFrom(12, 60, 254), { nil: undefined }) }),
  fc.record({
    type: fc.constant('integer'),
    ...common,
    min: fc.option(fc.constantFrom(-2_147_483_648, -5, 0, 1), { nil: undefined }),
    max: fc.option(fc.constantFrom(1, 10, 100_000, 2_147_483_647), { nil: undefined }),
  }),
  fc.integer({ min: 1, max: 18 }).chain((precision) =>
    fc.record({
      type: fc.constant('decimal'),
      ...common,
      precision: fc.constant(precision),
      scale: fc.integer({ min: 0, max: precision }),
      min: fc.option(fc.constantFrom(0, 0.01), { nil: undefined }),
    }),
  ),
  fc.record({ type: fc.constantFrom('date', 'datetime', 'uuid'), ...common }),
  fc.record({ type: fc.constant('boolean'), required: fc.boolean(), key: fc.constant(undefined) }),
  fc.record({ type: fc.constant('enum'), ...common, values: fc.uniqueArray(fc.constantFrom('new', 'open', 'closed', 'a-b', 'X', 'two words'), { minLength: 1, maxLength: 4 }) }),
);

/** A spec as an owner writes it: the drawn modifiers, without the ones left out. */
const spec = fc.record({
  entity: fc.constantFrom(...ENTITIES),
  fields: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), field), { minLength: 1, maxLength: 6, selector: ([name]) => name }).map((drawn) =>
    drawn.map(([name, { key, ...rest }]) => {
      const modifiers = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== false));
      return { name, ...modifiers, ...(key === undefined ? {} : { [key]: true }) };
    }),
  ),
});

/** A project's whole suite takes about a minute; one that runs for this long hangs (and would stall the sweep). */
const STEP_LIMIT_MS = 15 * 60_000;

function run(command: string, args: string[], cwd: string): string | undefined {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' }, timeout: STEP_LIMIT_MS });
  if (result.error !== undefined) return `${[command, ...args].join(' ')} did not finish: ${result.error.message}\n${result.stdout.slice(-4000)}`;
  if (result.status === 0) return undefined;
  // uvu's failures, from the first FAIL on (without colours); else the end of what it printed.
  const output = result.stdout.replace(/\u001b\[[0-9;]*m/g, '');
  const failures = output.indexOf('FAIL');
  const shown = failures >= 0 ? output.slice(failures, failures + 6000) : output.slice(-4000);
  return `${[command, ...args].join(' ')} exited ${result.status}:\n${shown}${result.stderr.slice(-2000)}`;
}

/** `biome check` passes over an info (a suggested template literal, say); the generated code must have none at all. */
function biomeFindings(cwd: string): string | undefined {
  const result = spawnSync(join(root, 'node_modules/.bin/biome'), ['check', '--error-on-warnings', '--reporter=json'], { cwd, encoding: 'utf8' });
  try {
    const { summary, diagnostics } = JSON.parse(result.stdout) as { summary: { infos: number }; diagnostics: unknown[] };
    if (result.status === 0 && summary.infos === 0 && diagnostics.length === 0) return undefined;
  } catch {
    // Not a report: said below with the rest of what Biome printed.
  }
  return `biome check exited ${result.status} with findings:\n${result.stdout.slice(0, 4000)}${result.stderr.slice(-2000)}`;
}

// Draws until SPECS specs are accepted; a few refused ones check that refusals are one line.
const drawn = fc.sample(spec, { seed: SEED, numRuns: SPECS * 20 });
const accepted = drawn.filter((answers) => validateFields(answers.fields) === undefined).slice(0, SPECS);
const refused = drawn.filter((answers) => validateFields(answers.fields) !== undefined).slice(0, 5);
console.log(`spec sweep: ${accepted.length} accepted specs and ${refused.length} refused ones, seed ${SEED}${FROM > 1 ? `, from spec ${FROM} on` : ''}`);

test(`the draw yields ${SPECS} specs the generator accepts`, () => {
  assert.is(accepted.length, SPECS);
});

[...accepted, ...refused].forEach((answers, index) => {
  if (index + 1 < FROM) return;
  test(`spec ${index + 1}: ${JSON.stringify(answers)}`, () => {
    const refusal = validateFields(answers.fields);
    const dir = tempDir('create-item-service-sweep-');
    writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
    const out = join(dir, 'service');
    const generated = spawnSync(process.execPath, [join(root, 'bin/create-item-service.js'), '--answers', join(dir, 'answers.json'), '--yes', '--out', out], {
      encoding: 'utf8',
    });
    if (refusal !== undefined) {
      console.log(`  refused: ${refusal}`);
      assert.is(generated.status, 1, 'a refused spec exits 1');
      assert.is(generated.stderr.trim().split('\n').length, 1, `refused in one line: ${generated.stderr}`);
      return;
    }
    assert.is(generated.status, 0, generated.stderr);
    linkRootModules(out);
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const problem =
      run(process.execPath, [tsc, '-p', 'tsconfig.test.json'], out) ??
      run(process.execPath, [tsc, '-p', 'k6'], out) ??
      biomeFindings(out) ??
      run('npm', ['test'], out);
    // Said at once, not only in uvu's summary at the end of a long run.
    if (problem !== undefined) console.log(`\n  spec ${index + 1} failed: ${JSON.stringify(answers)}\n${problem}`);
    assert.is(problem, undefined, problem);
  });
});

test.run();
