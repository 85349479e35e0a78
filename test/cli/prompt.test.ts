import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { canonicalField, DEFAULT_FIELDS } from '../../src/fields/field-spec.js';
import { runCli, tempDir } from '../support/helpers.js';
import { converse, KEYS, line } from '../support/terminal.js';

/** The Book of the examples, as flags; the prompts below give the same, with snake_case and kebab-case names. */
const FLAGS = [
  'title:string:required:maxLength=200',
  'isbn:string:required:unique:pattern=^[0-9-]{10,17}$:example=978-0-13-468599-1',
  'page_count:integer:min=1',
  'format:enum:values=hardcover|paperback|ebook:default=paperback',
  'in-stock:boolean:default=true',
];

const fieldsIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8')).fields;

/** The questions asked about one field: the lines from its type to the next field's name. */
function questionsAbout(screen: string, field: string): string[] {
  const start = screen.indexOf(`✔ Type of ${field}:`);
  const end = screen.indexOf('✔ Next field name', start);
  return [...screen.slice(start, end).matchAll(new RegExp(`✔ ${field}: ([^(?:]+)`, 'g'))].map((match) => match[1]!.trim());
}

test('a whole session: the type from a list, the modifiers that fit it one by one, a summary, a confirmation; the same answers as --field', async () => {
  const cwd = tempDir();
  const session = await converse(['Book', '--out', 'book'], cwd, [
    [/\? Service port: \(8080\)/, line('')],
    [/\? Management port \(health, metrics\): \(8081\)/, line('')],
    [/\? Keep the standard item fields \(name, description, price, quantity\)\?/, line('n')],
    [/\? Field name \(e\.g\. unitPrice or unit_price\)/, line('title')],
    [/\? Type of title:[\s\S]*❯ string[\s\S]*enum/, line('')],
    [/\? title: shortest length \(minLength; 0 allows empty text\): \(1\)/, line('')],
    [/\? title: longest length \(maxLength\): \(255\)/, line('200')],
    [/\? title: pattern/, line('')],
    [/\? title: required on create\? \(y\/N\)/, line('y')],
    [/\? title: unique/, line('')],
    [/\? title: indexed/, line('')],
    [/\? title: example/, line('')],
    [/\? title: description/, line('')],
    [/\? Next field name \(Enter to finish\)/, line('isbn')],
    [/\? Type of isbn/, line('')],
    [/\? isbn: shortest length/, line('')],
    [/\? isbn: longest length/, line('')],
    [/\? isbn: pattern/, line('^[0-9-]{10,17}$')],
    [/\? isbn: required/, line('y')],
    [/\? isbn: unique/, line('y')],
    [/\? isbn: example/, line('978-0-13-468599-1')],
    [/\? isbn: description/, line('')],
    [/\? Next field name/, line('page_count')],
    // Down twice: string, text, integer.
    [/\? Type of pageCount:/, KEYS.down + KEYS.down],
    [/❯ integer/, line('')],
    [/\? pageCount: smallest value \(min; Enter for none\)/, line('one')],
    // Refused as --field refuses it; Ctrl-U clears the answer, as a person would before typing again.
    [/> min must be a number: one/, line(`${KEYS.ctrlU}1`)],
    [/\? pageCount: largest value/, line('')],
    [/\? pageCount: required/, line('')],
    [/\? pageCount: unique/, line('')],
    [/\? pageCount: indexed/, line('')],
    [/\? pageCount: default/, line('')],
    [/\? pageCount: example/, line('')],
    [/\? pageCount: description/, line('')],
    [/\? Next field name/, line('format')],
    // Typing picks from the list too.
    [/\? Type of format:/, 'en'],
    [/❯ enum/, line('')],
    [/\? format: values, separated by \|/, line('hardcover|paperback|ebook')],
    [/\? format: required/, line('')],
    [/\? format: unique/, line('')],
    [/\? format: indexed/, line('')],
    [/\? format: default/, line('paperbook')],
    // An answer the field's other answers rule out is explained, and asked again.
    [/default "paperbook" must be one of[\s\S]*\? format: default/, line(`${KEYS.ctrlU}paperback`)],
    [/\? format: example/, line('')],
    [/\? format: description/, line('')],
    [/\? Next field name/, line('in-stock')],
    [/\? Type of inStock:/, line('bo')],
    [/\? inStock: required/, line('')],
    [/\? inStock: default/, line('true')],
    [/\? inStock: example/, line('')],
    [/\? inStock: description/, line('')],
    [/\? Next field name/, line('')],
    [/\? Write book\? \(Y\/n\)/, line('')],
  ]);
  assert.is(session.status, 0, session.screen);
  const summary = session.screen.slice(session.screen.lastIndexOf('✔ Next field name'));
  assert.match(summary, /The book service, into book: \/api\/books on port 8080, health and metrics on 8081\./);
  assert.match(summary, /^pageCount\s+integer\s+no\s+1 to 2147483647$/m);
  assert.match(summary, /^inStock\s+boolean\s+no\s+default true$/m);
  assert.ok(summary.indexOf('pageCount ') < summary.indexOf('? Write book?'), 'the table comes before the confirmation');
  assert.match(session.screen, /Wrote book: \d+ created/);
  assert.equal(questionsAbout(session.screen, 'inStock'), ['required on create', 'default, stored when a create leaves it out', 'example for the API docs', 'description for the API docs']);
  assert.equal(questionsAbout(session.screen, 'pageCount'), [
    'smallest value',
    'largest value',
    'required on create',
    'unique',
    'indexed, to sort and filter by it on large tables',
    'default, stored when a create leaves it out',
    'example for the API docs',
    'description for the API docs',
  ]);

  const flags = tempDir();
  const result = await runCli(['Book', '--yes', '--out', 'book', ...FLAGS.flatMap((flag) => ['--field', flag])], flags);
  assert.is(result.status, 0, result.stderr);
  assert.equal(fieldsIn(join(cwd, 'book')), fieldsIn(join(flags, 'book')));
  assert.equal(fieldsIn(join(cwd, 'book')).map((field: { name: string }) => field.name), ['title', 'isbn', 'pageCount', 'format', 'inStock']);
});

test('Ctrl-C at a prompt ends quietly with exit code 130 and writes nothing', async () => {
  const cwd = tempDir();
  const session = await converse(['Book'], cwd, [
    [/\? Service port/, line('')],
    [/\? Management port/, line('')],
    [/\? Keep the standard item fields/, line('n')],
    [/\? Field name/, line('title')],
    [/\? Type of title/, KEYS.ctrlC],
  ]);
  assert.is(session.status, 130, session.screen);
  assert.not.match(session.screen, /error|Error|\n\s+at /, 'no message, no stack trace');
  assert.equal(readdirSync(cwd), []);
});

test('ports are checked as typed, and a summary that is not confirmed writes nothing (exit 1)', async () => {
  const cwd = tempDir();
  const session = await converse([], cwd, [
    [/\? Entity name \(one record, e\.g\. OrderLine\)/, line('order_line')],
    [/\? Service port/, line('70000')],
    [/> service port must be from 1 to 65535: 70000/, line(`${KEYS.ctrlU}8081`)],
    // The default management port is the number the service port took.
    [/\? Management port \(health, metrics\): \(8081\)/, line('')],
    [/> the service port and the management port must differ \(both are 8081\)/, line(`${KEYS.ctrlU}8082`)],
    [/\? Keep the standard item fields/, line('')],
    [/The order line service, into \.\/order-line-service: \/api\/orderlines on port 8081, health and metrics on 8082\.[\s\S]*\? Write \.\/order-line-service\? \(Y\/n\)/, line('n')],
  ]);
  assert.is(session.status, 1, session.screen);
  assert.match(session.screen, /Nothing was written to \.\/order-line-service\./);
  assert.equal(readdirSync(cwd), []);
});

test('only what is missing is asked: keeping the standard fields gives the project --yes gives', async () => {
  const cwd = tempDir();
  const session = await converse(['Product', '--port', '8080', '--out', 'asked'], cwd, [
    [/\? Management port \(health, metrics\): \(8081\)/, line('')],
    [/\? Keep the standard item fields/, line('')],
    [/\? Write asked\?/, line('y')],
  ]);
  assert.is(session.status, 0, session.screen);
  assert.not.match(session.screen, /Entity name|Service port/);
  assert.is((await runCli(['Product', '--yes', '--out', 'given'], cwd)).status, 0);
  const answers = (dir: string) => readFileSync(join(cwd, dir, 'create-item-service.json'), 'utf8');
  assert.is(answers('asked'), answers('given'));
  assert.equal(JSON.parse(answers('asked')).fields, DEFAULT_FIELDS.map(canonicalField), 'the standard fields, listed');
});

test.run();
