import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { updateCommand } from '../../src/lifecycle/update-command.js';
import { readTree, runCli, tempDir } from '../support/helpers.js';

const BOOK_FLAGS = [
  'title:string:required:maxLength=200',
  'isbn:string:required:unique:pattern=^[0-9-]{10,17}$:example=978-0-13-468599-1',
  'pages:integer:min=1',
  'format:enum:values=hardcover|paperback|ebook:default=paperback',
  'available:boolean:default=true',
];

const answersIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8'));

async function generateWithFlags(flags: string[]) {
  const cwd = tempDir();
  const result = await runCli(['Book', '--yes', '--out', 'book', ...flags.flatMap((flag) => ['--field', flag])], cwd);
  assert.is(result.status, 0, result.stderr);
  return join(cwd, 'book');
}

// ---

const given = suite('--field and --answers give the same answers file (the prompts too: test/cli/prompt.test.ts)');

given('--field writes the fields it understood into the answers file, checked and in key order', async () => {
  const dir = await generateWithFlags(BOOK_FLAGS);
  const answers = answersIn(dir);
  assert.equal(answers.fields.map((field: { name: string }) => field.name), ['title', 'isbn', 'pages', 'format', 'available']);
  assert.equal(answers.fields[3], { name: 'format', type: 'enum', values: ['hardcover', 'paperback', 'ebook'], default: 'paperback' });
  assert.equal(answers.generated.answers.fields, answers.fields);
  assert.ok(existsSync(join(dir, 'src/book/book.model.ts')));
  assert.match(readFileSync(join(dir, 'src/migrations/001-create-books.ts'), 'utf8'), /table\.string\('isbn', 255\)\.notNullable\(\)\.unique\(\);/);
});

given('--answers with that file renders the same project, byte for byte', async () => {
  const fromFlags = await generateWithFlags(BOOK_FLAGS);
  const cwd = tempDir();
  writeFileSync(join(cwd, 'spec.json'), readFileSync(join(fromFlags, 'create-item-service.json')));
  const result = await runCli(['--answers', 'spec.json', '--yes', '--out', 'book'], cwd);
  assert.is(result.status, 0, result.stderr);
  for (const path of ['create-item-service.json', 'src/book/book.schema.ts', 'src/migrations/001-create-books.ts', 'README.md']) {
    assert.is(readFileSync(join(cwd, 'book', path), 'utf8'), readFileSync(join(fromFlags, path), 'utf8'), path);
  }
});

given('--answers with an updated project\'s file renders its field migrations too: the same project, byte for byte', async () => {
  const updated = await generateWithFlags(BOOK_FLAGS);
  const answers = answersIn(updated);
  answers.fields.push({ name: 'subtitle', type: 'string', maxLength: 200 });
  writeFileSync(join(updated, 'create-item-service.json'), JSON.stringify(answers, null, 2));
  const lines: string[] = [];
  const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  assert.is(updateCommand(updated, { allowDirty: true }, output), 0, lines.join('\n'));
  assert.ok(existsSync(join(updated, 'src/migrations/002-add-subtitle-to-books.ts')), lines.join('\n'));

  const cwd = tempDir();
  const result = await runCli(['--answers', join(updated, 'create-item-service.json'), '--yes', '--out', 'book'], cwd);
  assert.is(result.status, 0, result.stderr);
  const fresh = readTree(join(cwd, 'book'));
  assert.equal(fresh, readTree(updated));
});

given('--dry-run shows the fields it understood as a table before the file list, and writes nothing', async () => {
  const cwd = tempDir();
  const result = await runCli(['Book', '--dry-run', '--out', 'book', '--field', BOOK_FLAGS[2]!, '--field', BOOK_FLAGS[3]!], cwd);
  assert.is(result.status, 0, result.stderr);
  const lines = result.stdout.split('\n');
  assert.match(lines[0]!, /^field\s+type\s+required\s+rules$/);
  assert.match(lines[1]!, /^pages\s+integer\s+no\s+1 to 2147483647$/);
  assert.match(lines[2]!, /^format\s+enum\s+no\s+one of hardcover, paperback, ebook; default "paperback"$/);
  assert.ok(lines.indexOf('') < lines.findIndex((line) => line.startsWith('would create')));
  assert.equal(readdirSync(cwd), []);
});

given('--dry-run without fields shows the standard item fields', async () => {
  const result = await runCli(['Product', '--dry-run', '--out', 'p'], tempDir());
  assert.match(result.stdout, /^price\s+decimal\s+yes\s+decimal\(18,2\); 0\.01 to 9999999999999\.99$/m);
});

// ---

const refused = suite('a bad field spec is refused with one line and nothing written');

const cases: [string[], RegExp][] = [
  [['--field', 'title:strnig'], /--field title:strnig: .*unknown type "strnig"/],
  [['--field', 'title'], /expected <name>:<type>/],
  [['--field', 'title:string:colour=red'], /unknown modifier "colour"/],
  [['--field', 'pages:integer:min=5:max=1'], /min.*max/],
  [['--field', 'title:string', '--field', 'title:text'], /"title" is listed twice/],
  [['--field', 'constructor:string'], /constructor/],
  [['--field', 'createdAt:datetime'], /createdAt/],
  [['--field', 'format:enum:values=a|a'], /a/],
  // The migration's check constraint lists the values as SQL literals, which knex does not escape.
  [['--field', "format:enum:values=it's|plain"], /enum value "it's" must be .*without surrounding spaces, quotes \('\), backslashes/],
  [['--field', 'price:decimal:precision=4:scale=6'], /scale/],
  [['--field', 'pages:integer:default=0:min=1'], /default 0/],
  [['--answers', 'missing.json'], /--answers .*missing\.json: no such file/],
  [['--answers', 'spec.json', '--field', 'title:string'], /--field and --answers both give fields/],
];

for (const [args, message] of cases) {
  refused(`${args.join(' ')} -> ${message.source}`, async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'spec.json'), JSON.stringify({ entity: 'Book', fields: [{ name: 'title', type: 'string' }] }));
    const result = await runCli(['Book', '--yes', '--out', 'out', ...args], cwd);
    assert.is(result.status, 1, `exit code; stderr: ${result.stderr}`);
    assert.is(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /^error: /);
    assert.match(result.stderr, message);
    assert.equal(readdirSync(cwd), ['spec.json'], 'nothing written');
  });
}

refused('an answers file that is not JSON names the file and the problem', async () => {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'spec.json'), '{"entity": "Book",');
  const result = await runCli(['--answers', 'spec.json', '--yes', '--out', 'out'], cwd);
  assert.is(result.status, 1);
  assert.match(result.stderr, /^error: --answers .*spec\.json: not valid JSON/);
  assert.equal(readdirSync(cwd), ['spec.json']);
});

given.run();
refused.run();
