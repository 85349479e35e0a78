import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { collectTemplateIdentifiers, identifiersModule, IDENTIFIERS_MODULE } from '../../scripts/template-identifiers.js';
import { validateEntity } from '../../src/answers/validate-answers.js';
import { root } from '../support/helpers.js';

test('src/spec/template-identifiers.ts lists exactly the names the templates declare today', () => {
  const committed = readFileSync(IDENTIFIERS_MODULE, 'utf8');
  assert.ok(
    committed === identifiersModule(collectTemplateIdentifiers()),
    'src/spec/template-identifiers.ts is out of date with templates/: run npm run examples and commit it',
  );
});

test('checking an entity name renders nothing: the first check in a new process takes well under the 0.2-0.4 s of a render', () => {
  const script = `
    import { validateEntity } from ${JSON.stringify(join(root, 'dist/answers/validate-answers.js'))};
    const started = performance.now();
    const problem = validateEntity('Model');
    console.log(JSON.stringify({ problem, ms: performance.now() - started }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
  assert.is(run.status, 0, run.stderr);
  const { problem, ms } = JSON.parse(run.stdout) as { problem: string; ms: number };
  assert.match(problem, /clashes with Model in the generated code/);
  assert.ok(ms < 100, `the first check took ${Math.round(ms)} ms`);
});

test("the README's examples of names that clash with the generated code are refused as such", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
  const sentence = /clashes with what the generated code declares[^(]*\(([^)]*)\)/.exec(readme);
  assert.ok(sentence, 'the README lists examples of clashing names');
  const examples = [...sentence[1]!.matchAll(/`(\w+)`/g)].map((match) => match[1]!);
  assert.ok(examples.length >= 2, sentence[1]);
  for (const name of examples) assert.match(validateEntity(name) ?? 'accepted', /clashes with/, name);
});

test.run();
