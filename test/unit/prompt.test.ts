import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { fieldFlagText, modifierQuestions, stillAsked, type AskedModifier } from '../../src/cli/modifier-questions.js';
import { fieldNameFromInput } from '../../src/names/field-name.js';
import { parseFieldFlags } from '../../src/fields/flag.js';
import { FIELD_TYPES } from '../../src/fields/field-spec.js';
import { typeModule } from '../../src/fields/types/field-types.js';

// The prompts themselves are driven through a pseudo-terminal in test/cli/prompt.test.ts.

const names = suite('field names as typed at the prompt and in --field');

names('snake_case, kebab-case and spaced words become camelCase, as entity names do', () => {
  for (const typed of ['tracking_number', 'tracking-number', 'tracking number', 'Tracking_Number', ' tracking_number ']) {
    assert.is(fieldNameFromInput(typed), 'trackingNumber', typed);
  }
  assert.is(fieldNameFromInput('isbn_13'), 'isbn13');
  assert.is(fieldNameFromInput('unit_price_eur'), 'unitPriceEur');
});

names('any other spelling is kept as typed, for the name check to judge', () => {
  for (const typed of ['unitPrice', 'userID', 'Title', 'tracking__number', '_id', '2nd_place', '']) assert.is(fieldNameFromInput(typed), typed.trim());
});

names('--field converts the name the same way', () => {
  assert.is(parseFieldFlags(['tracking_number:string:required'])[0]?.name, 'trackingNumber');
});

// ---

const questions = suite('the modifier questions of each type');

questions('exactly the modifiers that fit the type are asked, bounds before what is checked against them', () => {
  for (const type of FIELD_TYPES) {
    const keys = modifierQuestions('f', type).map((question) => question.key);
    assert.equal([...keys].sort(), [...typeModule(type).modifiers].sort(), type);
    assert.ok(keys.indexOf('required') < keys.indexOf('default'), type);
  }
  assert.equal(modifierQuestions('f', 'boolean').map((question) => question.key), ['required', 'default', 'example', 'description']);
  const text = modifierQuestions('f', 'text').map((question) => question.key);
  assert.ok(text.indexOf('maxLength') < text.indexOf('unique'), 'a unique text needs its maxLength first');
});

questions('each question offers what leaving the modifier out means, and only switches are yes or no', () => {
  const implied = (type: (typeof FIELD_TYPES)[number]) =>
    Object.fromEntries(modifierQuestions('f', type).flatMap((question) => (question.implied ? [[question.key, question.implied]] : [])));
  assert.equal(implied('string'), { minLength: '1', maxLength: '255' });
  assert.equal(implied('text'), { minLength: '1' });
  assert.equal(implied('email'), { maxLength: '255' });
  assert.equal(implied('decimal'), { precision: '18', scale: '2' });
  assert.equal(implied('integer'), {});
  const switches = modifierQuestions('f', 'string').filter((question) => question.kind === 'switch').map((question) => question.key);
  assert.equal(switches, ['required', 'unique', 'index']);
  assert.ok(modifierQuestions('f', 'enum').find((question) => question.key === 'values')?.needed);
});

questions('a required field is asked for no default, a unique one not whether to index', () => {
  const answered = new Map<AskedModifier, string | true>([['required', true], ['unique', true]]);
  assert.not.ok(stillAsked('default', answered));
  assert.not.ok(stillAsked('index', answered));
  assert.ok(stillAsked('example', answered));
  assert.ok(stillAsked('default', new Map()));
});

questions('the answers are the --field text the flag parser checks, a colon in a value escaped', () => {
  const answered = new Map<AskedModifier, string | true>([['required', true], ['pattern', '^[0-9]{2}:[0-9]{2}$'], ['example', '09:30']]);
  const flag = fieldFlagText('opensAt', 'string', answered);
  assert.is(flag, 'opensAt:string:required:pattern=^[0-9]{2}\\:[0-9]{2}$:example=09\\:30');
  assert.equal(parseFieldFlags([flag]), [{ name: 'opensAt', type: 'string', required: true, pattern: '^[0-9]{2}:[0-9]{2}$', example: '09:30' }]);
});

names.run();
questions.run();
