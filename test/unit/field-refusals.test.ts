import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { validateFields } from '../../src/fields/validate-fields.js';
import type { FieldSpec } from '../../src/fields/field-spec.js';

/** A field spec, and what the one-line refusal must say. */
const refusals: [string, unknown, RegExp][] = [
  ['not a list', { name: 'title', type: 'string' }, /^fields must be a list/],
  ['an empty list', [], /^fields must list at least one field/],
  ['a field that is not an object', ['title'], /^fields\[0\] must be an object/],
  ['a field without a name', [{ type: 'string' }], /^fields\[0\] needs a name$/],
  ['a field without a type', [{ name: 'title' }], /^field "title" needs a type; use one of string, text, integer/],
  ['an unknown type', [{ name: 'title', type: 'varchar' }], /^field "title" has unknown type "varchar"; use one of/],
  ['an unknown modifier', [{ name: 'title', type: 'string', maxLenght: 20 }], /^field "title": unknown modifier "maxLenght"$/],
  ['maxLength on an integer', [{ name: 'pages', type: 'integer', maxLength: 3 }], /^field "pages": maxLength does not fit type integer \(it takes .*min, max\)$/],
  ['min on a string', [{ name: 'title', type: 'string', min: 1 }], /^field "title": min does not fit type string/],
  ['pattern on an email', [{ name: 'mail', type: 'email', pattern: '^a' }], /^field "mail": pattern does not fit type email/],
  ['values on a string', [{ name: 'title', type: 'string', values: ['a'] }], /^field "title": values does not fit type string/],
  ['precision on an integer', [{ name: 'pages', type: 'integer', precision: 4 }], /^field "pages": precision does not fit type integer/],
  ['unique on a boolean', [{ name: 'done', type: 'boolean', unique: true }], /^field "done": unique does not fit type boolean/],
  ['required that is not a boolean', [{ name: 'title', type: 'string', required: 'yes' }], /^field "title": required must be true or false$/],
  ['a min that is not a number', [{ name: 'pages', type: 'integer', min: '1' }], /^field "pages": min must be a number$/],
  ['a negative maxLength', [{ name: 'title', type: 'string', maxLength: -1 }], /^field "title": maxLength must be a whole number, 0 or more$/],
  ['a maxLength of 0', [{ name: 'title', type: 'string', maxLength: 0 }], /^field "title": maxLength must be at least 1$/],
  ['a varchar too long', [{ name: 'title', type: 'string', maxLength: 20_000_000 }], /^field "title": maxLength must be at most 10485760 \(use type text/],
  ['a pattern whose every match is longer than the column', [{ name: 'code', type: 'string', pattern: '^[A-Z]{9}$', maxLength: 8 }], /^field "code": every text pattern \^\[A-Z\]\{9\}\$ matches is at least 9 characters long, more than its maxLength 8; raise maxLength to 9 or change the pattern$/],
  ['a pattern longer than a string\'s default column', [{ name: 'code', type: 'string', pattern: '^[A-Z]{300}$' }], /^field "code": every text .* is at least 300 characters long, more than its maxLength 255; raise maxLength to 300/],
  ['an example that breaks the field\'s rules', [{ name: 'code', type: 'string', pattern: '^[A-Z]+$', example: 'abc' }], /^field "code": example "abc" must match the pattern \^\[A-Z\]\+\$$/],
  ['an invalid pattern', [{ name: 'code', type: 'string', pattern: '[a-' }], /^field "code": pattern is not a valid regular expression/],
  ['a lookahead, with an example', [{ name: 'code', type: 'string', pattern: '^(?=.*\\d)[a-z0-9]{8}$', example: 'abcd1234' }], /^field "code": pattern \^\(\?=\.\*\\d\)\[a-z0-9\]\{8\}\$ uses a lookaround, \(\?=\.\.\.\), \(\?!\.\.\.\), \(\?<=\.\.\.\) or \(\?<!\.\.\.\), which the generated tests cannot make matching text for: write it without lookarounds, \\b, \\B or backreferences$/],
  ['a Unicode property, which means p{L} without Unicode mode', [{ name: 'letters', type: 'string', pattern: '^\\p{L}+$' }], /^field "letters": pattern \^\\p\{L\}\+\$ uses \\p\{\.\.\.\} or \\u\{\.\.\.\}, which need Unicode mode/],
  ['an emoji, which a pattern without Unicode mode reads as two halves', [{ name: 'mood', type: 'string', pattern: '^[😀😎]$' }], /^field "mood": pattern .* holds a character beyond U\+FFFF/],
  ['a word boundary', [{ name: 'code', type: 'string', pattern: '^\\bA\\w+$' }], /^field "code": pattern .* uses a word boundary, \\b or \\B, which the generated tests cannot make matching text for/],
  ['a multi-line description', [{ name: 'title', type: 'string', description: 'a\nb' }], /^field "title": description must be one line of text/],
  ['min above max', [{ name: 'pages', type: 'integer', min: 10, max: 1 }], /^field "pages": min 10 is above max 1$/],
  ['minLength above maxLength', [{ name: 'title', type: 'string', minLength: 10, maxLength: 5 }], /^field "title": minLength 10 is above maxLength 5$/],
  ['minLength above the default maxLength', [{ name: 'title', type: 'string', minLength: 300 }], /^field "title": minLength 300 is above maxLength 255$/],
  ['an integer min with decimals', [{ name: 'pages', type: 'integer', min: 1.5 }], /^field "pages": min must be an integer from -2147483648 to 2147483647/],
  ['an integer max beyond 32 bits', [{ name: 'pages', type: 'integer', max: 2 ** 31 }], /^field "pages": max must be an integer/],
  ['scale above precision', [{ name: 'price', type: 'decimal', precision: 4, scale: 5 }], /^field "price": scale 5 is above precision 4$/],
  ['a scale past what a double keeps', [{ name: 'ratio', type: 'decimal', precision: 18, scale: 16 }], /^field "ratio": scale 16 is more decimals than a JSON number keeps exactly \(15 significant digits\): use a scale of at most 15$/],
  ['decimal(18,18)', [{ name: 'ratio', type: 'decimal', precision: 18, scale: 18 }], /^field "ratio": scale 18 is more decimals/],
  ['precision above 18', [{ name: 'price', type: 'decimal', precision: 19 }], /^field "price": precision must be from 1 to 18$/],
  ['precision 0', [{ name: 'price', type: 'decimal', precision: 0, scale: 0 }], /^field "price": precision must be from 1 to 18$/],
  ['a decimal min with more decimals than the scale', [{ name: 'price', type: 'decimal', scale: 2, min: 0.001 }], /^field "price": min 0.001 has more than 2 decimals/],
  ['a decimal max beyond what reads back exactly', [{ name: 'price', type: 'decimal', max: 1e14 }], /^field "price": max 100000000000000 must be at most 9999999999999.99 \(decimal\(18,2\) reads back exactly/],
  ['an enum without values', [{ name: 'format', type: 'enum' }], /^field "format": an enum needs values, e.g. values=draft\|published$/],
  ['an enum with no value', [{ name: 'format', type: 'enum', values: [] }], /^field "format": an enum needs values/],
  ['an enum with a duplicate value', [{ name: 'format', type: 'enum', values: ['a', 'b', 'a'] }], /^field "format": enum value "a" is listed twice$/],
  ['an enum with an empty value', [{ name: 'format', type: 'enum', values: ['a', ''] }], /^field "format": enum value "" must be non-empty text/],
  ['an enum value with spaces around it', [{ name: 'format', type: 'enum', values: [' a'] }], /^field "format": enum value " a" must be/],
  ['enum values that are not strings', [{ name: 'format', type: 'enum', values: [1, 2] }], /^field "format": values must be a list of strings$/],
  ['unique and index together', [{ name: 'isbn', type: 'string', unique: true, index: true }], /^field "isbn": index is implied by unique/],
  // A longer text would not fit an index entry of PostgreSQL's (2704 bytes): a 500 on the first long enough value.
  ['unique text without maxLength', [{ name: 'summary', type: 'text', unique: true }], /^field "summary": unique needs maxLength 600 or less: .*text has no maxLength/],
  ['indexed string longer than 600', [{ name: 'title', type: 'string', index: true, maxLength: 601 }], /^field "title": index needs maxLength 600 or less: .*maxLength is 601\)$/],
  ['a required field\'s default outside its values', [{ name: 'status', type: 'enum', values: ['draft', 'published'], required: true, default: 'gone' }], /^field "status": default "gone" must be one of draft, published$/],
  ['a default longer than maxLength', [{ name: 'title', type: 'string', maxLength: 3, default: 'four' }], /^field "title": default "four" must be at most 3 characters long$/],
  ['an empty default where empty is refused', [{ name: 'title', type: 'string', default: '' }], /^field "title": default "" must be at least 1 characters long$/],
  ['a default that misses the pattern', [{ name: 'code', type: 'string', pattern: '^[A-Z]+$', example: 'ABC', default: 'abc' }], /^field "code": default "abc" must match the pattern/],
  ['a default below min', [{ name: 'pages', type: 'integer', min: 1, default: 0 }], /^field "pages": default 0 must be at least 1$/],
  ['a default of the wrong kind', [{ name: 'pages', type: 'integer', default: '3' }], /^field "pages": default "3" must be a number$/],
  ['a decimal default with too many decimals', [{ name: 'price', type: 'decimal', default: 1.255 }], /^field "price": default 1.255 has more than 2 decimals$/],
  ['an enum default outside its values', [{ name: 'format', type: 'enum', values: ['a', 'b'], default: 'c' }], /^field "format": default "c" must be one of a, b$/],
  ['a boolean default that is a string', [{ name: 'done', type: 'boolean', default: 'true' }], /^field "done": default "true" must be true or false$/],
  ['an impossible date default', [{ name: 'day', type: 'date', default: '2026-02-30' }], /^field "day": default "2026-02-30" must be a date as YYYY-MM-DD$/],
  ['a datetime default without a zone', [{ name: 'at', type: 'datetime', default: '2026-01-01T12:00:00' }], /^field "at": default .* must be an ISO 8601 date and time with seconds and a time zone/],
  ['a datetime example without seconds', [{ name: 'at', type: 'datetime', example: '2026-01-01T12:00Z' }], /^field "at": example "2026-01-01T12:00Z" must be an ISO 8601 date and time with seconds/],
  ['a uuid default that is not one', [{ name: 'bookRef', type: 'uuid', default: 'abc' }], /^field "bookRef": default "abc" must be a UUID$/],
  ['an email default that is not one', [{ name: 'mail', type: 'email', default: 'nobody' }], /^field "mail": default "nobody" must be an email address$/],
  ['a duplicate field name', [{ name: 'title', type: 'string' }, { name: 'title', type: 'text' }], /^field "title" is listed twice$/],
  // Every update test, and the document's update example, changes one field to another value.
  ['a name that is not camelCase', [{ name: 'unit_price', type: 'decimal' }], /^field name "unit_price" must be a camelCase identifier/],
  ['a name that starts with a capital', [{ name: 'Title', type: 'string' }], /^field name "Title" must be a camelCase identifier/],
  ['a name with two capitals in a row', [{ name: 'userID', type: 'uuid' }], /^field name "userID" must be a camelCase identifier.*no two capitals in a row/],
  ['a name the formatter cannot read in the model class', [{ name: 'async', type: 'string' }], /^field name "async" is a reserved word/],
  ['a global the linter forbids shadowing', [{ name: 'parseInt', type: 'string' }], /^field name "parseInt" is a reserved word/],
  ['a name that starts with $', [{ name: '$id', type: 'string' }], /^field name "\$id" must be a camelCase identifier/],
  ['a name too long', [{ name: `a${'b'.repeat(40)}`, type: 'string' }], /^field name "ab+" must be at most 40 characters \(got 41\)$/],
  ['the service\'s id', [{ name: 'id', type: 'integer' }], /^field name "id" is one of the service's own fields/],
  ['the service\'s createdAt', [{ name: 'createdAt', type: 'datetime' }], /^field name "createdAt" is one of the service's own fields/],
  ['the service\'s updatedAt', [{ name: 'updatedAt', type: 'datetime' }], /^field name "updatedAt" is one of the service's own fields/],
  ['the service\'s createdBy', [{ name: 'createdBy', type: 'string' }], /^field name "createdBy" is one of the service's own fields/],
  ['the service\'s deletedAt, also without soft delete', [{ name: 'deletedAt', type: 'datetime' }], /^field name "deletedAt" is one of the service's own fields/],
  ['an Object.prototype name', [{ name: 'constructor', type: 'string' }], /^field name "constructor" clashes with what an Objection model or JavaScript object already has$/],
  ['toJSON', [{ name: 'toJSON', type: 'string' }], /^field name "toJSON" must be a camelCase identifier/],
  ['an Objection static', [{ name: 'query', type: 'string' }], /^field name "query" clashes with what an Objection model/],
  ['a JavaScript reserved word', [{ name: 'class', type: 'string' }], /^field name "class" is a reserved word in JavaScript\/TypeScript$/],
  ['a TypeScript keyword', [{ name: 'readonly', type: 'boolean' }], /^field name "readonly" is a reserved word in JavaScript\/TypeScript$/],
  ['an SQL reserved word', [{ name: 'order', type: 'integer' }], /^field name "order" \(column order\) is a reserved word in SQL$/],
  ['an SQL reserved word as a column', [{ name: 'currentDate', type: 'date' }], /^field name "currentDate" \(column current_date\) is a reserved word in SQL$/],
  ['a list query parameter', [{ name: 'pageSize', type: 'integer' }], /^field name "pageSize" clashes with pageSize in the generated code$/],
];

const refused = suite('a bad field spec is refused with one line');

/** Specs the generated tests once refused for their own sake: a project's tests take as many rows as the rules allow. */
const FEW_VALUES: [string, FieldSpec[]][] = [
  ['a unique enum', [{ name: 'tier', type: 'enum', unique: true, required: true, values: ['a', 'b'] }]],
  ['a unique integer from 1 to 100', [{ name: 'seat', type: 'integer', unique: true, min: 1, max: 100 }]],
  ['a unique two-letter code', [{ name: 'country', type: 'string', unique: true, required: true, pattern: '^[A-Z]{2}$' }]],
  ['no field with a second value', [{ name: 'kind', type: 'enum', values: ['only'], required: true }]],
  // fast-check misreads these; they are drawn from refa's equivalent rewrite.
  ['a class range at a class escape, as slugs are often written', [{ name: 'slug', type: 'string', unique: true, pattern: '^[\\w-.]+$' }]],
  ['a backreference to a group of one text', [{ name: 'pair', type: 'string', pattern: '^(ab)\\1$' }]],
];

refused('a camelCase name may end in a capital (pointX, planB, vitaminC, x1Y)', () => {
  for (const name of ['pointX', 'planB', 'vitaminC', 'x1Y']) assert.is(validateFields([{ name, type: 'integer' }]), undefined, name);
});

for (const [title, fields] of FEW_VALUES) {
  refused(`${title} is accepted`, () => assert.is(validateFields(fields), undefined));
}

for (const [title, fields, expected] of refusals) {
  refused(title, () => {
    const problem = validateFields(fields);
    assert.ok(problem, `accepted: ${JSON.stringify(fields)}`);
    assert.not.match(problem, /\n/, 'one line');
    assert.match(problem, expected);
  });
}

refused('the first bad field is the one named, with nothing from the good ones', () => {
  const problem = validateFields([{ name: 'title', type: 'string' }, { name: 'pages', type: 'integer', min: 2, max: 1 }]);
  assert.is(problem, 'field "pages": min 2 is above max 1');
});

refused.run();
