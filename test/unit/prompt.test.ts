import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { fieldFlagText, ruleChoices, valueQuestions, type AskedModifier } from '../../src/cli/modifier-questions.js';
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

const questions = suite('the rules of each type, and the values asked');

questions('the list offers exactly the modifiers that fit the type, but an enum\'s values; the most wanted first', () => {
  for (const type of FIELD_TYPES) {
    const keys = ruleChoices(type).map((choice) => choice.key);
    const fitting = typeModule(type).modifiers.filter((key) => key !== 'values');
    assert.equal([...keys].sort(), [...fitting].sort(), type);
    assert.is(keys[0], 'required', type);
    assert.is(keys[1], 'default', `${type}: a required field may have a default too`);
  }
  assert.equal(ruleChoices('boolean').map((choice) => choice.key), ['required', 'default', 'example', 'description']);
  assert.equal(ruleChoices('string').map((choice) => choice.key).slice(0, 4), ['required', 'default', 'unique', 'maxLength']);
});

questions('each rule says what leaving it out means, and only switches take no value', () => {
  const label = (type: (typeof FIELD_TYPES)[number], key: string) => ruleChoices(type).find((choice) => choice.key === key)?.label ?? '';
  assert.match(label('string', 'maxLength'), '(255 when left out)');
  assert.match(label('text', 'maxLength'), '(none when left out)');
  assert.match(label('decimal', 'scale'), '(2 when left out)');
  const switches = ruleChoices('string').filter((choice) => choice.kind === 'switch').map((choice) => choice.key);
  assert.equal(switches, ['required', 'unique', 'index']);
});

questions('the values picked are asked bounds first, what is checked against them after; an enum always for its values', () => {
  const keys = (type: (typeof FIELD_TYPES)[number], picked: AskedModifier[]) => valueQuestions('f', type, new Set(picked)).map((question) => question.key);
  assert.equal(keys('string', ['example', 'default', 'required', 'maxLength', 'pattern']), ['maxLength', 'pattern', 'default', 'example']);
  assert.equal(keys('enum', ['default']), ['values', 'default']);
  assert.equal(keys('integer', []), []);
  assert.is(valueQuestions('f', 'string', new Set(['maxLength'])).at(0)?.implied, '255');
});

questions('the answers are the --field text the flag parser checks, a colon in a value escaped', () => {
  const answered = new Map<AskedModifier, string | true>([['required', true], ['pattern', '^[0-9]{2}:[0-9]{2}$'], ['example', '09:30']]);
  const flag = fieldFlagText('opensAt', 'string', answered);
  assert.is(flag, 'opensAt:string:required:pattern=^[0-9]{2}\\:[0-9]{2}$:example=09\\:30');
  assert.equal(parseFieldFlags([flag]), [{ name: 'opensAt', type: 'string', required: true, pattern: '^[0-9]{2}:[0-9]{2}$', example: '09:30' }]);
});

names.run();
questions.run();
