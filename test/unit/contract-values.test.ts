import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { emailOfLength, fieldCases, storedExample, storedForm } from '../../src/values/contract-cases.js';
import { contractView } from '../../src/views/contract-views.js';
import { valueProblem } from '../../src/values/field-values.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/spec/spec.js';
import { changeAllEntries, changeEntry, inputEntries, SERIES_LENGTH, seriesEntries } from '../../src/values/test-bodies.js';
import { valueCode } from '../../src/values/value-code.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';

/** Evaluates code the generated tests hold, with `n` in scope. */
const evaluate = (code: string, n = 0): unknown => new Function('n', `return (${code});`)(n);

/** Specs beside the item's and every type's: what the templates must not assume. */
const OTHER_SPECS: FieldSpec[][] = [
  [{ name: 'status', type: 'enum', values: ['open', 'closed'] }],
  [
    { name: 'email', type: 'email', required: true, unique: true },
    { name: 'born', type: 'date', required: true },
    { name: 'notes', type: 'text' },
  ],
  [{ name: 'code', type: 'string', required: true, unique: true, pattern: '^[A-Z]{2}-\\d{6}$', example: 'AB-123456' }],
  [{ name: 'seat', type: 'integer', unique: true, min: -5, max: 200_000 }],
];
const ALL_SPECS = [DEFAULT_FIELDS, EVERY_TYPE, ...OTHER_SPECS];

// ---

const cases = suite('each field\'s accepted and refused values');

cases('the item\'s fields: boundaries, refusals and the problem Joi names', () => {
  assert.equal(fieldCases(DEFAULT_FIELDS[2]!), {
    field: 'price',
    required: true,
    unique: false,
    whenAbsent: undefined,
    accepts: [19.99, 0.01, 9_999_999_999_999.99, 1.11],
    acceptsAs: [],
    refuses: [
      [0, '"price" must be greater than or equal to 0.01'],
      [10_000_000_000_000, '"price" must be less than or equal to 9999999999999.99'],
      [19.995, '"price" must have no more than 2 decimal places'],
      ['19.99', '"price" must be a number'],
      [null, '"price" must be a number'],
    ],
  });
  const description = fieldCases(DEFAULT_FIELDS[1]!);
  assert.equal(description.accepts, ['A small widget', '', 'd'.repeat(500), null]);
  assert.is(description.whenAbsent, null);
  assert.equal(description.refuses[0], ['d'.repeat(501), '"description" length must be less than or equal to 500 characters long']);
});

cases('required with a default: a create may leave it out and stores the default; null is refused, never stored', () => {
  const status = fieldCases({ name: 'status', type: 'enum', required: true, values: ['draft', 'published'], default: 'draft' });
  assert.is(status.required, false, 'a create need not send it');
  assert.is(status.whenAbsent, 'draft');
  assert.equal(status.accepts, ['draft', 'published']);
  assert.equal(status.refuses.at(-1), [null, '"status" must be one of [draft, published]']);
  const optional = fieldCases({ name: 'status', type: 'enum', values: ['draft', 'published'], default: 'draft' });
  assert.is(optional.whenAbsent, 'draft');
  assert.ok(optional.accepts.includes(null), 'an optional field stores null as sent');
});

cases('every accepted value passes the field\'s rules and every refused one breaks them, for every type', () => {
  for (const fields of ALL_SPECS) {
    for (const field of fields) {
      const { accepts, acceptsAs, refuses, required } = fieldCases(field);
      for (const value of accepts) {
        if (value === null) assert.ok(!required, `${field.name}: null only for an optional field`);
        else assert.is(valueProblem(field, value), undefined, `${field.name} accepts ${JSON.stringify(value)}`);
        assert.equal(storedForm(field, value), value, `${field.name}: ${JSON.stringify(value)} reads back unchanged`);
      }
      for (const [sent, answered] of acceptsAs) assert.is(storedForm(field, sent), answered);
      for (const [value, problem] of refuses) {
        // The generator's own check does not look for unpaired surrogates; the service's schema does.
        const unpaired = typeof value === 'string' && !value.isWellFormed();
        if (value !== null && !unpaired) assert.ok(valueProblem(field, value) !== undefined, `${field.name} refuses ${JSON.stringify(value)}`);
        assert.ok(problem.startsWith(`"${field.name}" `), problem);
      }
      assert.ok(refuses.length >= 2, `${field.name}: a wrong type and at least one rule`);
    }
  }
});

cases('a field with a default stores it when left out; an optional one without, null', () => {
  const byName = Object.fromEntries(EVERY_TYPE.map((field) => [field.name, fieldCases(field).whenAbsent]));
  assert.equal(byName, {
    title: undefined, isbn: null, summary: '', pages: 100, unitPrice: 9.99, available: true, published: '2026-01-31',
    lastCheckedAt: '2026-01-01T12:00:00.000Z', catalogId: null, contact: 'books@example.com', format: 'paperback',
  });
});

cases('emailOfLength builds a valid address of exactly that length, up to what an address may hold', () => {
  for (const length of [7, 30, 120, 254]) {
    const address = emailOfLength(length)!;
    assert.is(address.length, length);
    assert.is(valueProblem({ name: 'e', type: 'email' }, address), undefined, address);
    assert.ok(address.split('@')[0]!.length <= 64 && address.split('@')[1]!.split('.').every((label) => label.length <= 63));
  }
  assert.is(emailOfLength(6), undefined);
});

// ---

const bodies = suite('the bodies the generated tests send');

bodies('the create body holds every field\'s example as it reads back', () => {
  assert.equal(inputEntries(DEFAULT_FIELDS).map(({ name, code }) => `${name}: ${code}`), [
    "name: 'Widget'", "description: 'A small widget'", 'price: 19.99', 'quantity: 3',
  ]);
  const datetime: FieldSpec = { name: 'at', type: 'datetime', example: '2026-01-01T14:00:00+02:00' };
  assert.equal(inputEntries([datetime]), [{ name: 'at', code: "'2026-01-01T12:00:00.000Z'" }]);
});

bodies('a numbered body varies every unique field and the first text; each stays valid and distinct', () => {
  assert.equal(seriesEntries(DEFAULT_FIELDS), [{ name: 'name', code: '`Widget ${n}`' }]);
  assert.equal(seriesEntries(EVERY_TYPE).map((entry) => entry.name), ['title', 'isbn', 'catalogId']);
  assert.is(seriesEntries(OTHER_SPECS[2]!)[0]!.code, "`AB-${String(n).padStart(6, '0')}`");
  for (const fields of ALL_SPECS) {
    for (const { name, code } of seriesEntries(fields)) {
      const field = fields.find((candidate) => candidate.name === name)!;
      const seen = new Set<unknown>();
      for (const n of [1, 2, 3, 10, 25, 1_000, 40_000, SERIES_LENGTH]) {
        const value = evaluate(code, n);
        assert.is(valueProblem(field, value), undefined, `${name} #${n}: ${String(value)}`);
        if (field.type !== 'enum') assert.ok(!seen.has(value), `${name} #${n} repeats ${String(value)}`);
        seen.add(value);
      }
    }
  }
});

bodies('an update changes one field to another valid value; a plain, required one where there is one', () => {
  assert.equal(changeEntry(DEFAULT_FIELDS), { name: 'price', code: '20.99' });
  assert.equal(changeEntry(OTHER_SPECS[0]!), { name: 'status', code: "'closed'" });
  assert.is(changeEntry(OTHER_SPECS[1]!)!.name, 'born');
  for (const fields of ALL_SPECS) {
    for (const { name, code } of changeAllEntries(fields)) {
      const field = fields.find((candidate) => candidate.name === name)!;
      assert.is(valueProblem(field, evaluate(code)), undefined, `${name}: ${code}`);
      assert.is.not(evaluate(code), storedExample(field), `${name} changes`);
    }
  }
});

bodies('valueCode writes code that evaluates to the value', () => {
  for (const value of ['Widget', 'x'.repeat(101), `${'a'.repeat(64)}@${'b'.repeat(51)}.com`, 'it\'s `${x}` \\', 'a\u0000', 'b\ud800', 10_000, -0.01, null, true]) {
    assert.is(evaluate(valueCode(value)), value, valueCode(value));
  }
  assert.is(valueCode('x'.repeat(101)), "'x'.repeat(101)");
  assert.is(valueCode(2_147_483_647), '2_147_483_647');
});

// ---

const view = suite('what the contract test templates print');

view('the item: the bodies, the missing fields and one FIELD_CASES entry per field', () => {
  const contract = contractView(DEFAULT_FIELDS);
  assert.is(contract.input, "{ name: 'Widget', description: 'A small widget', price: 19.99, quantity: 3, ...overrides }");
  assert.is(contract.series, '{ name: `Widget ${n}`, ...overrides }');
  assert.is(contract.change, '{ price: 20.99 }');
  assert.is(contract.missingRequired, '"name" is required; "price" is required; "quantity" is required');
  assert.is(contract.unknownField, 'colour');
  assert.is(contract.fieldCases.filter((line) => line.startsWith('    field: ')).length, 4);
});

view('a required field with a default is not missing from POST {}', () => {
  const fields: FieldSpec[] = [
    { name: 'title', type: 'string', required: true },
    { name: 'status', type: 'enum', required: true, values: ['draft', 'published'], default: 'draft' },
  ];
  assert.is(contractView(fields).missingRequired, '"title" is required');
});

view('a spec with no required field posts {} and still has bodies to number and change', () => {
  const contract = contractView(OTHER_SPECS[0]!);
  assert.is(contract.missingRequired, '');
  assert.is(contract.hasSeries, false);
  assert.is(contract.change, "{ status: 'closed' }");
  assert.match(contract.seriesComment, 'no field is unique');
});

cases.run();
bodies.run();
view.run();
