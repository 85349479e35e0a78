/**
 * A field's rules at the prompt, one behaviour per transcript: a default for a required field,
 * a refused answer cleared, rules that rule each other out, a refusal in the words of patterns.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { tempDir } from '../support/helpers.js';
import { converse, KEYS, line, pickAfter } from '../support/terminal.js';

const fieldsIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8')).fields;

test('a required field is offered a default, and keeps it', async () => {
  const cwd = tempDir();
  const session = await converse(['Book', '--port', '8080', '--management-port', '8081', '--out', 'book', '--no-git'], cwd, [
    [/\? Keep the standard item fields/, line('n')],
    [/\? Field name/, line('format')],
    [/\? Type of format/, line('')],
    [/\? format: its rules[\s\S]*◯ required[\s\S]*◯ default/, ` ${pickAfter(1)}${KEYS.enter}`],
    [/\? format: default, stored when a create leaves it out/, line('paperback')],
    [/\? Next field name/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/\? Write book\?/, line('')],
  ]);
  assert.is(session.status, 0, session.screen);
  assert.equal(fieldsIn(join(cwd, 'book')), [{ name: 'format', type: 'string', required: true, default: 'paperback' }]);
});

test('a refused answer is cleared: the next try is typed afresh, not appended to the refused text', async () => {
  const cwd = tempDir();
  const session = await converse(['Book', '--port', '8080', '--management-port', '8081', '--out', 'book', '--no-git'], cwd, [
    [/\? Keep the standard item fields/, line('n')],
    // A name the generated code takes for the entity's schema: refused as typed, not at the end.
    [/\? Field name/, line('bookSchema')],
    [/> field name "bookSchema" clashes with bookSchema, the book's schema in the generated code/, line('pages')],
    [/\? Type of pages/, KEYS.down + KEYS.down],
    [/❯ integer/, line('')],
    [/\? pages: its rules/, `${pickAfter(3)}${KEYS.enter}`],
    [/\? pages: smallest value/, line('one')],
    [/> min must be a number: one/, line('1')],
    [/\? Next field name/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/\? Write book\?/, line('')],
  ]);
  assert.is(session.status, 0, session.screen);
  assert.equal(fieldsIn(join(cwd, 'book')), [{ name: 'pages', type: 'integer', min: 1 }]);
});

test('rules that rule each other out are explained in the words of the field, and the list asked again with the picks kept', async () => {
  const cwd = tempDir();
  const session = await converse(['Book', '--port', '8080', '--management-port', '8081', '--out', 'book', '--no-git'], cwd, [
    [/\? Keep the standard item fields/, line('n')],
    [/\? Field name/, line('code')],
    [/\? Type of code/, line('')],
    // unique (the third), index (the ninth).
    [/\? code: its rules/, `${pickAfter(2)}${pickAfter(6)}${KEYS.enter}`],
    // Asked again with unique and index still picked: drop index.
    [/> index is implied by unique; give one of them[\s\S]*\? code: its rules[\s\S]*◉ unique[\s\S]*◉ index/, `${pickAfter(8)}${KEYS.enter}`],
    [/\? Next field name/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/\? Write book\?/, line('')],
  ]);
  assert.is(session.status, 0, session.screen);
  assert.match(session.screen, /^> index is implied by unique; give one of them$/m, 'no field name or flag before it: both are on screen already');
  assert.equal(fieldsIn(join(cwd, 'book')), [{ name: 'code', type: 'string', unique: true }]);
});

test('a pattern the tests cannot draw from is refused in the words of patterns, not of the library that draws', async () => {
  const cwd = tempDir();
  const session = await converse(['Book', '--port', '8080', '--management-port', '8081', '--out', 'book', '--no-git'], cwd, [
    [/\? Keep the standard item fields/, line('n')],
    [/\? Field name/, line('code')],
    [/\? Type of code/, line('')],
    // pattern, the seventh.
    [/\? code: its rules/, `${pickAfter(6)}${KEYS.enter}`],
    [/\? code: pattern/, line('^(?=A)[A-Z]{3}$')],
    [/> pattern \^\(\?=A\)\[A-Z\]\{3\}\$ uses a lookaround, .* which the generated tests cannot make matching text for/, line('^A[A-Z]{2}$')],
    [/\? Next field name/, line('')],
    [/\? More \(space picks one, Enter is done/, line('')],
    [/\? Write book\?/, line('')],
  ]);
  assert.is(session.status, 0, session.screen);
  assert.not.match(session.screen, /fast-check|not implemented/);
});

test.run();
