/**
 * A sweep over the field spec space: specs drawn by fast-check from every type and modifier
 * (unique with a pattern, unique dates and enums, narrow ranges, decimals at the edges of
 * precision and scale, patterns without an example, tricky names, long entity names). Each spec
 * the generator accepts must give a project that type-checks, passes `biome check`, passes its
 * own `npm test` on the embedded database and then seeds it (`npm run db:seed -- 200`, twice: the
 * second inserts nothing); one it refuses must be refused in one line.
 *
 * Each run draws from a fresh seed, printed at the start and with every failure together with the
 * command that replays it, so that runs cover new specs instead of repeating the same ones. CI
 * (`.ci/run`) takes the seed from the commit: each commit draws new specs, the same commit the same.
 *
 *   npm run test:sweep                                  6 specs (and 5 refused ones), a fresh seed
 *   SWEEP_SEED=7 npm run test:sweep                     the same 6 specs again
 *   SWEEP_SPECS=200 SWEEP_SEED=7 npm run test:sweep     a larger run (about 2 hours on 2 cores)
 *   SWEEP_SPECS=200 SWEEP_SEED=7 SWEEP_FROM=101 ...     its specs 101 to 200 only: the same specs, so a
 *                                                       large run can be split across machines or days
 *   SWEEP_SPECS=200 SWEEP_SEED=7 SWEEP_ONLY=16,113 ...  those specs only: replays failures after a fix
 *
 * To run chunks side by side in one checkout, `npm run build` once and start each chunk with
 * `node --import tsx test/spec-sweep.ts`: `npm run test:sweep` rebuilds, and its build deletes the
 * `dist/` another chunk is generating from.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { biomeFindings } from './support/biome.js';
import { assertDeclaredPackages } from './support/declared-packages.js';
import { linkRootModules, root, tempDir } from './support/helpers.js';
import { refusalOf, spec } from './support/spec-arbitrary.js';

const SPECS = Number(process.env.SWEEP_SPECS ?? 6);
const SEED = Number(process.env.SWEEP_SEED ?? randomInt(2 ** 31));
const FROM = Number(process.env.SWEEP_FROM ?? 1);
const ONLY = process.env.SWEEP_ONLY?.split(',').map(Number);
for (const [name, value] of Object.entries({ SWEEP_SPECS: SPECS, SWEEP_SEED: SEED, SWEEP_FROM: FROM })) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${process.env[name]}`);
}

/** The command that draws this run's specs again; with `only`, that spec alone. */
function replay(only?: number): string {
  return `SWEEP_SEED=${SEED} SWEEP_SPECS=${SPECS}${only === undefined ? '' : ` SWEEP_ONLY=${only}`} npm run test:sweep`;
}

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

// Draws until SPECS specs are accepted; a few refused ones check that refusals are one line.
const drawn = fc.sample(spec, { seed: SEED, numRuns: SPECS * 20 });
const accepted = drawn.filter((answers) => refusalOf(answers) === undefined).slice(0, SPECS);
const refused = drawn.filter((answers) => refusalOf(answers) !== undefined).slice(0, 5);
console.log(
  `spec sweep: seed ${SEED}, ${accepted.length} accepted specs and ${refused.length} refused ones${FROM > 1 ? `, from spec ${FROM} on` : ''}${ONLY ? `, specs ${ONLY.join(', ')} only` : ''}; ` +
    `replay with ${replay()}`,
);

test(`the draw of seed ${SEED} yields ${SPECS} specs the generator accepts`, () => {
  assert.is(accepted.length, SPECS);
});

[...accepted, ...refused].forEach((answers, index) => {
  if (index + 1 < FROM || (ONLY !== undefined && !ONLY.includes(index + 1))) return;
  test(`spec ${index + 1} of seed ${SEED}: ${JSON.stringify(answers)}`, () => {
    try {
      check(answers);
    } catch (error) {
      // Said at once, not only in uvu's summary at the end of a long run.
      console.log(`\n  spec ${index + 1} failed: ${JSON.stringify(answers)}\n  replay with ${replay(index + 1)}\n${(error as Error).message}`);
      throw error;
    }
  });
});

/** Generates the spec; refused in one line, or else a project that type-checks, passes biome check and its own tests. */
function check(answers: (typeof drawn)[number]): void {
  const refusal = refusalOf(answers);
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
  assertDeclaredPackages(out);
  linkRootModules(out);
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const problem =
    run(process.execPath, [tsc, '-p', 'tsconfig.test.json'], out) ??
    run(process.execPath, [tsc, '-p', 'k6'], out) ??
    biomeFindings(out) ??
    run('npm', ['test'], out);
  assert.is(problem, undefined, problem);
  assertSeeds(out);
}

/**
 * The owner's next step after the tests: `npm run db:seed -- 200` on the embedded database, which
 * must insert the rows the rules allow (saying so where fewer), in one line on stdout and none on
 * stderr, and then, run again, insert nothing.
 */
function assertSeeds(out: string): void {
  const seed = () => spawnSync('npm', ['run', '--silent', 'db:seed', '--', '200'], { cwd: out, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' }, timeout: STEP_LIMIT_MS });
  const first = seed();
  assert.is(first.status, 0, `npm run db:seed -- 200 exited ${first.status}:\n${first.stdout}${first.stderr}`);
  assert.is(first.stderr, '', 'nothing on stderr');
  const inserted = /^Inserted (\d+) example \S.*; the \w+ table holds (\d+)\.\n$/.exec(first.stdout);
  assert.ok(inserted, first.stdout);
  const [, count, total] = inserted.map(Number);
  assert.is(count, total);
  assert.ok(count === 200 || first.stdout.includes(', fewer than the 200 asked: '), first.stdout);
  console.log(`  seeded: ${first.stdout.trim()}`);
  const again = seed();
  assert.is(again.status, 0, again.stderr);
  const nothing = again.stdout.includes(`holds ${total} `) ? again.stdout.endsWith('already: nothing to insert.\n') : again.stdout.startsWith('Inserted 0 ');
  assert.ok(nothing && again.stdout.includes(`holds ${total}`), `run again, it inserts nothing: ${again.stdout}`);
}

test.run();
