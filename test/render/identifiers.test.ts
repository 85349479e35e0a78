import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parseDependencyTree } from 'dpdm';
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

test('checking an entity name renders nothing: the check loads no template, view or renderer', async () => {
  const tree = await parseDependencyTree('src/answers/validate-answers.ts', { context: root, transform: false });
  const loaded = Object.keys(tree).filter((path) => path.startsWith('src/'));
  assert.ok(loaded.includes('src/spec/template-identifiers.ts'), loaded.join(', '));
  assert.equal(loaded.filter((path) => /^src\/(render|views|values)\//.test(path)), [], 'a name is checked against the committed list of identifiers');
  assert.match(validateEntity('Model') ?? '', /clashes with Model in the generated code/);
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
