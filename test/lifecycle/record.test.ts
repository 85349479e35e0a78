import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { ANSWERS_FILE } from '../../src/answers/answers-file.js';
import { canonicalField, DEFAULT_FIELDS } from '../../src/fields/field-spec.js';
import { hashContent, LifecycleError, manifestOf, parseRecord, recordGeneration } from '../../src/project-files/record.js';
import { loadTemplates, render } from '../../src/render/render.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { generated, product } from '../support/lifecycle-fixtures.js';

const record = suite('the record in the answers file');

record('a hash per rendered file, in path order, without the answers file itself', () => {
  const files = render(product, loadTemplates(), GENERATOR_VERSION);
  const manifest = manifestOf(files);
  assert.equal(Object.keys(manifest), [...files.keys()].filter((path) => path !== ANSWERS_FILE).sort());
  assert.ok(Object.values(manifest).every((hash) => /^[0-9a-f]{16}$/.test(hash)));
  assert.is(manifest['Dockerfile'], hashContent(files.get('Dockerfile') ?? ''));
  assert.is.not(hashContent('a\n'), hashContent('a'), 'a changed line ending is an edit');
});

record('recording is deterministic and leaves the rendered files as they are', () => {
  const once = generated(product);
  const twice = generated(product);
  assert.equal(once, twice);
  const rendered = render(product, loadTemplates(), GENERATOR_VERSION);
  for (const [path, content] of rendered) if (path !== ANSWERS_FILE) assert.ok(once.get(path) === content, path);
  const answers = JSON.parse(once.get(ANSWERS_FILE) ?? '');
  assert.equal(Object.keys(answers), ['entity', 'port', 'managementPort', 'fields', 'migrationLayout', 'generatorVersion', 'generated']);
  const recorded = { ...product, fields: DEFAULT_FIELDS.map(canonicalField), migrationLayout: 'combined' };
  assert.equal(answers.generated.answers, recorded, 'the standard fields and the layout a new project gets are written down');
  assert.equal(answers.generated.files, manifestOf(rendered));
  assert.equal(parseRecord(once.get(ANSWERS_FILE) ?? ''), {
    answers: recorded,
    generatorVersion: GENERATOR_VERSION,
    generated: { answers: recorded, answersAsWritten: recorded, files: manifestOf(rendered) },
  });
});

record('the record uses the entity as the answers file spells it, which renders the same files', () => {
  const spelled = recordGeneration(render({ ...product, entity: 'warehouse bin' }, loadTemplates(), GENERATOR_VERSION));
  const { generated: recorded } = parseRecord(spelled.get(ANSWERS_FILE) ?? '');
  assert.is(recorded?.answers.entity, 'WarehouseBin');
  assert.equal(manifestOf(render(recorded!.answers, loadTemplates(), GENERATOR_VERSION)), recorded?.files);
});

record('a record that names no migration layout was made before the key: its answers and its recorded answers read as stepwise', () => {
  const { migrationLayout: _, generated: made, ...old } = JSON.parse(generated(product).get(ANSWERS_FILE) ?? '');
  const { migrationLayout: __, ...oldAnswers } = made.answers;
  const read = parseRecord(JSON.stringify({ ...old, generated: { ...made, answers: oldAnswers } }));
  assert.is(read.answers.migrationLayout, 'stepwise');
  assert.is(read.generated?.answers.migrationLayout, 'stepwise');
  assert.equal(read.generated?.answersAsWritten, oldAnswers, 'handed back to its own version as that version wrote it');
});

record('a damaged record is refused with a message', () => {
  const valid = JSON.parse(generated(product).get(ANSWERS_FILE) ?? '');
  for (const [damage, message] of [
    [{ ...valid, generated: { answers: product } }, /"generated" must hold "answers" and "files"/],
    [{ ...valid, generated: { ...valid.generated, answers: { ...product, entity: 'Products' } } }, /"generated\.answers": .*looks plural/],
    [{ ...valid, managementPort: 8080 }, /must differ/],
    [[1], /must be a JSON object/],
    [{ ...valid, generatorVersion: '../../1.0.0' }, /"generatorVersion" must be a version such as 1\.2\.0: \.\.\/\.\.\/1\.0\.0/],
    [{ ...valid, generatorVersion: 'file:/tmp' }, /"generatorVersion" must be a version/],
    [{ ...valid, prot: 9090 }, /unknown key "prot" \(it takes entity, plural, port, managementPort, fields, softDelete, tenantClaim, events\)/],
    [{ ...valid, softDelete: 1 }, /"softDelete" must be true or false/],
    [{ ...valid, fields: [{ name: 'title', type: 'strnig' }] }, /field "title".*type/],
    [{ ...valid, port: undefined }, /needs "port" and "managementPort"/],
    [{ ...valid, generated: { ...valid.generated, answers: 'Product' } }, /"generated\.answers": must be a JSON object/],
    [{ ...valid, migrationLayout: 'flat' }, /migrationLayout must be "combined" or "stepwise", got "flat"/],
  ] as const) {
    assert.throws(() => parseRecord(JSON.stringify(damage)), (error: unknown) => error instanceof LifecycleError && message.test(error.message));
  }
});

record.run();
