import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { canonicalField, DEFAULT_FIELDS } from '../../src/fields/field-spec.js';
import { bin, runCli, tempDir } from '../support/helpers.js';
import { converse, KEYS, line, pickAfter, type Step } from '../support/terminal.js';

/** The Book of the examples, as flags; the prompts below give the same, with snake_case and kebab-case names. */
const FLAGS = [
  'title:string:required:maxLength=200',
  'isbn:string:required:unique:pattern=^[0-9-]{10,17}$:example=978-0-13-468599-1',
  'page_count:integer:min=1',
  'format:enum:values=hardcover|paperback|ebook:default=paperback',
  'in-stock:boolean:default=true',
];

const fieldsIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8')).fields;

test('a whole session: a type from a list, the rules that fit it in a list, their values, a summary with the one-line command; the same answers as --field', async () => {
  const cwd = tempDir();
  const session = await converse(['Book', '--out', 'book'], cwd, [
    [/\? Service port: \(8080\)/, line('')],
    [/\? Management port \(health, metrics\): \(8081\)/, line('')],
    [/\? Keep the standard item fields \(name, description, price, quantity\)\?/, line('n')],
    [/\? Field name \(e\.g\. unitPrice or unit_price\)/, line('title')],
    [/\? Type of title:[\s\S]*❯ string[\s\S]*enum/, line('')],
    // required (first), then maxLength (fourth).
    [/\? title: its rules \(space picks one, Enter is done with this field\)[\s\S]*❯◯ required/, ` ${pickAfter(3)}${KEYS.enter}`],
    [/\? title: longest length \(maxLength\): \(255\)/, line('200')],
    [/\? Next field name \(Enter to finish\)/, line('isbn')],
    [/\? Type of isbn/, line('')],
    // required, unique (the third), example (the fifth), pattern (the seventh).
    [/\? isbn: its rules/, ` ${pickAfter(2)}${pickAfter(2)}${pickAfter(2)}${KEYS.enter}`],
    [/\? isbn: pattern/, line('^[0-9-]{10,17}$')],
    [/\? isbn: example/, line('978-0-13-468599-1')],
    [/\? Next field name/, line('page_count')],
    // Down twice: string, text, integer.
    [/\? Type of pageCount:/, KEYS.down + KEYS.down],
    [/❯ integer/, line('')],
    // min is the fourth: after required, default, unique.
    [/\? pageCount: its rules/, `${pickAfter(3)}${KEYS.enter}`],
    [/\? pageCount: smallest value \(min\)/, line('1')],
    [/\? Next field name/, line('format')],
    // Typing picks from the list too.
    [/\? Type of format:/, 'en'],
    [/❯ enum/, line('')],
    [/\? format: values, separated by \|/, line('hardcover|paperback|ebook')],
    [/\? format: its rules/, `${pickAfter(1)}${KEYS.enter}`],
    [/\? format: default/, line('paperback')],
    [/\? Next field name/, line('in-stock')],
    [/\? Type of inStock:/, line('bo')],
    [/\? inStock: its rules[\s\S]*❯◯ required[\s\S]*◯ default[\s\S]*◯ example[\s\S]*◯ description/, `${pickAfter(1)}${KEYS.enter}`],
    [/\? inStock: default/, line('true')],
    [/\? Next field name/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/\? Write book\? \(Y\/n\)/, line('')],
  ]);
  assert.is(session.status, 0, session.screen);
  const summary = session.screen.slice(session.screen.lastIndexOf('✔ Next field name'));
  assert.match(summary, /The book service, into book: \/api\/books on port 8080, health and metrics on 8081\./);
  assert.match(summary, /^pageCount\s+integer\s+no\s+1 to 2147483647$/m);
  assert.match(summary, /^inStock\s+boolean\s+no\s+default true$/m);
  assert.ok(summary.indexOf('pageCount ') < summary.indexOf('? Write book?'), 'the table comes before the confirmation');
  assert.match(session.screen, /Wrote book: \d+ created/);

  const flags = tempDir();
  const result = await runCli(['Book', '--yes', '--out', 'book', ...FLAGS.flatMap((flag) => ['--field', flag])], flags);
  assert.is(result.status, 0, result.stderr);
  assert.equal(fieldsIn(join(cwd, 'book')), fieldsIn(join(flags, 'book')));
  assert.equal(fieldsIn(join(cwd, 'book')).map((field: { name: string }) => field.name), ['title', 'isbn', 'pageCount', 'format', 'inStock']);

  // The one-line command the summary printed gives the same project, run as printed.
  const again = /The same without questions: (.+)/.exec(summary)?.[1] ?? '';
  const second = tempDir();
  const rerun = spawnSync('sh', ['-c', again], { cwd: second, encoding: 'utf8' });
  assert.is(rerun.status, 0, `${again}\n${rerun.stderr}`);
  assert.is(readFileSync(join(second, 'book/create-item-service.json'), 'utf8'), readFileSync(join(cwd, 'book/create-item-service.json'), 'utf8'));
});

/** Three fields, entity and ports asked: the answers the prompt costs (33 before the list of rules; one more for the features, none picked). */
const THREE_FIELDS: Step[] = [
  [/\? Entity name/, line('Book')],
  [/\? Service port/, line('')],
  [/\? Management port/, line('')],
  [/\? Keep the standard item fields/, line('n')],
  [/\? Field name/, line('title')],
  [/\? Type of title/, line('')],
  [/\? title: its rules/, ` ${KEYS.enter}`],
  [/\? Next field name/, line('price')],
  [/\? Type of price/, line('dec')],
  [/\? price: its rules/, ` ${pickAfter(3)}${KEYS.enter}`],
  [/\? price: smallest value/, line('0.01')],
  [/\? Next field name/, line('in_stock')],
  [/\? Type of inStock/, line('bo')],
  [/\? inStock: its rules/, `${pickAfter(1)}${KEYS.enter}`],
  [/\? inStock: default/, line('true')],
  [/\? Next field name/, line('')],
  [/\? More \(space picks one, Enter is done/, line('')],
  [/\? Write \.\/book-service\?/, line('')],
];

test(`three fields cost ${THREE_FIELDS.length} answers, entity and ports included: a field without rules is its name, its type and Enter`, async () => {
  const cwd = tempDir();
  const session = await converse(['--no-git'], cwd, THREE_FIELDS);
  assert.is(session.status, 0, session.screen);
  assert.equal(fieldsIn(join(cwd, 'book-service')), [
    { name: 'title', type: 'string', required: true },
    { name: 'price', type: 'decimal', required: true, min: 0.01 },
    { name: 'inStock', type: 'boolean', default: true },
  ]);
  assert.ok(THREE_FIELDS.length <= 18);
});

test('a name that reads as a plural gets its plural asked in place, from the argument or the prompt; Enter names the entity again', async () => {
  const cwd = tempDir();
  const given = await converse(['Lens', '--port', '8080', '--management-port', '8081', '--no-git'], cwd, [
    [/\? Lens reads as the plural of Len\. If one Lens is one record, its plural \(Enter to name the entity again\):/, line('Lenses')],
    [/\? Keep the standard item fields/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/\? Write \.\/lens-service\?/, line('')],
  ]);
  assert.is(given.status, 0, given.screen);
  assert.is(JSON.parse(readFileSync(join(cwd, 'lens-service/create-item-service.json'), 'utf8')).plural, 'Lenses');

  const renamed = await converse(['--port', '8080', '--management-port', '8081', '--no-git'], tempDir(), [
    [/\? Entity name/, line('OrderLines')],
    [/\? OrderLines reads as the plural of OrderLine\./, line('')],
    [/\? Entity name/, line('OrderLine')],
    [/\? Keep the standard item fields/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/\? Write \.\/order-line-service\?/, line('')],
  ]);
  assert.is(renamed.status, 0, renamed.screen);
  assert.not.match(renamed.screen, /--plural/, 'no advice to start over');
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

test('ports are checked as typed, and "No" at the summary writes nothing, exits 0 and prints the command that gives the same', async () => {
  const cwd = tempDir();
  const session = await converse([], cwd, [
    [/\? Entity name \(one record, e\.g\. OrderLine\)/, line('order_line')],
    [/\? Service port/, line('70000')],
    [/> service port must be from 1 to 65535: 70000/, line('8081')],
    // The service port took the management port's default: the other default is offered.
    [/\? Management port \(health, metrics\): \(8080\)/, line('8081')],
    [/> the service port and the management port must differ \(both are 8081\)/, line('8082')],
    [/\? Keep the standard item fields/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/The order line service, into \.\/order-line-service: \/api\/orderlines on port 8081, health and metrics on 8082\.[\s\S]*\? Write \.\/order-line-service\? \(Y\/n\)/, line('n')],
  ]);
  assert.is(session.status, 0, session.screen);
  const again = `node ${bin} OrderLine --port 8081 --management-port 8082 --yes`;
  assert.match(session.screen, `Nothing was written to ./order-line-service. The same answers, without questions:\n  ${again}`);
  assert.equal(readdirSync(cwd), []);
  const rerun = spawnSync('sh', ['-c', again], { cwd, encoding: 'utf8' });
  assert.is(rerun.status, 0, rerun.stderr);
  assert.match(readFileSync(join(cwd, 'order-line-service/create-item-service.json'), 'utf8'), /"port": 8081,\n {2}"managementPort": 8082/);
});

test('only what is missing is asked: keeping the standard fields gives the project --yes gives', async () => {
  const cwd = tempDir();
  const session = await converse(['Product', '--port', '8080', '--out', 'asked'], cwd, [
    [/\? Management port \(health, metrics\): \(8081\)/, line('')],
    [/\? Keep the standard item fields/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/\? Write asked\?/, line('y')],
  ]);
  assert.is(session.status, 0, session.screen);
  assert.not.match(session.screen, /Entity name|Service port/);
  assert.is((await runCli(['Product', '--yes', '--out', 'given'], cwd)).status, 0);
  const answers = (dir: string) => readFileSync(join(cwd, dir, 'create-item-service.json'), 'utf8');
  assert.is(answers('asked'), answers('given'));
  assert.equal(JSON.parse(answers('asked')).fields, DEFAULT_FIELDS.map(canonicalField), 'the standard fields, listed');
});

test('the features come in one list: soft delete, tenants and events picked, the claim asked, the summary and its command say all three', async () => {
  const cwd = tempDir();
  const session = await converse(['Invoice', '--port', '8080', '--management-port', '8081', '--no-git'], cwd, [
    [/\? Keep the standard item fields/, line('')],
    [/\? More \(space picks one, Enter is done[\s\S]*soft delete[\s\S]*tenants[\s\S]*events/, ` ${pickAfter(1)}${pickAfter(1)}${KEYS.enter}`],
    [/\? The token claim that names the tenant: \(org_id\)/, line('org id')],
    [/> tenant claim must be a token claim's name/, `${KEYS.ctrlU}${line('org_id')}`],
    [/Soft delete: a deleted invoice stays restorable[\s\S]*Tenants: the token claim org_id[\s\S]*Events: every committed change of invoices[\s\S]*\? Write \.\/invoice-service\?/, line('')],
  ]);
  assert.is(session.status, 0, session.screen);
  const answers = JSON.parse(readFileSync(join(cwd, 'invoice-service/create-item-service.json'), 'utf8'));
  assert.equal([answers.softDelete, answers.tenantClaim, answers.events], [true, 'org_id', 'nats']);
  assert.match(session.screen, /The same without questions: .* --soft-delete --tenant-claim org_id --events nats --no-git --yes/);
});

test.run();
