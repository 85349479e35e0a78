import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { checkAnswers, readAnswersFile } from '../../src/answers/answers-file.js';
import { fieldFlag, parseFieldFlags } from '../../src/fields/flag.js';
import { canonicalField, DEFAULT_FIELDS } from '../../src/fields/field-spec.js';
import { renderProject } from '../../src/generate/generate.js';
import { EVERY_TYPE, refusal } from '../support/fields-fixtures.js';
import { tempDir } from '../support/helpers.js';

/** Writes an answers file into a fresh folder and returns its path. */
function answersFile(content: unknown): string {
  const path = join(tempDir(), 'answers.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

// ---

const flags = suite('--field <name>:<type>[:<modifier>...]');

flags("reads the issue's examples", () => {
  assert.equal(
    parseFieldFlags([
      'title:string:required:maxLength=200',
      'format:enum:values=hardcover|paperback|ebook:default=paperback',
      'available:boolean:default=true',
    ]),
    [
      { name: 'title', type: 'string', required: true, maxLength: 200 },
      { name: 'format', type: 'enum', values: ['hardcover', 'paperback', 'ebook'], default: 'paperback' },
      { name: 'available', type: 'boolean', default: true },
    ],
  );
});

flags('flags and the answers file give the same answers JSON, for every type and modifier', () => {
  const fromFlags = parseFieldFlags(EVERY_TYPE.map(fieldFlag));
  const fromFile = readAnswersFile(answersFile({ entity: 'Book', fields: EVERY_TYPE })).fields;
  assert.is(JSON.stringify(fromFlags), JSON.stringify(fromFile));
  assert.equal(fromFlags, EVERY_TYPE);
});

flags('the standard fields written as flags read back as the standard fields', () => {
  assert.equal(DEFAULT_FIELDS.map(fieldFlag), [
    'name:string:required:minLength=1:maxLength=100:example=Widget',
    'description:string:minLength=0:maxLength=500:example=A small widget:description=Free text',
    'price:decimal:required:precision=18:scale=2:min=0.01:example=19.99',
    'quantity:integer:required:min=1:example=3',
  ]);
  assert.equal(parseFieldFlags(DEFAULT_FIELDS.map(fieldFlag)), DEFAULT_FIELDS);
});

flags('a colon inside a pattern or description is written \\:', () => {
  const [field] = parseFieldFlags(['opensAt:string:pattern=^\\d{2}\\:\\d{2}$:example=09\\:30:description=Local time\\: HH\\:MM']);
  assert.equal(field, { name: 'opensAt', type: 'string', pattern: '^\\d{2}:\\d{2}$', example: '09:30', description: 'Local time: HH:MM' });
  assert.equal(parseFieldFlags([fieldFlag(field!)]), [field]);
});

flags('switches take no value, or true or false', () => {
  assert.equal(parseFieldFlags(['isbn:string:unique=true:required=false']), [{ name: 'isbn', type: 'string', required: false, unique: true }]);
});

const flagRefusals: [string[], string][] = [
  [['title'], '--field title: expected <name>:<type>[:<modifier>...], e.g. title:string:required'],
  [['title:'], '--field title:: expected <name>:<type>[:<modifier>...], e.g. title:string:required'],
  [['title:varchar'], '--field title:varchar: field "title" has unknown type "varchar"; use one of string, text, integer, decimal, boolean, date, datetime, uuid, email, enum'],
  [['title:string:maxLenght=3'], '--field title:string:maxLenght=3: unknown modifier "maxLenght"'],
  [['title:string:maxLength'], '--field title:string:maxLength: maxLength needs a value, e.g. maxLength=...'],
  [['title:string:maxLength=ten'], '--field title:string:maxLength=ten: maxLength must be a number: ten'],
  [['title:string:required=yes'], '--field title:string:required=yes: required takes no value, or true or false: required=yes'],
  [['title:string:maxLength=3:maxLength=4'], '--field title:string:maxLength=3:maxLength=4: maxLength is given twice'],
  [['pages:integer:default=many'], '--field pages:integer:default=many: default must be a number: many'],
  [['done:boolean:default=yes'], '--field done:boolean:default=yes: default must be true or false: yes'],
  [['pages:integer:min=5:max=1'], '--field pages:integer:min=5:max=1: field "pages": min 5 is above max 1'],
  [['format:enum'], '--field format:enum: field "format": an enum needs values, e.g. values=draft|published'],
  [['title:string', 'title:text'], '--field: field "title" is listed twice'],
  [['name:string:type=text'], '--field name:string:type=text: unknown modifier "type"'],
];

for (const [given, expected] of flagRefusals) {
  flags(`refuses ${given.join(' ')} naming the flag`, () => {
    assert.is(refusal(() => parseFieldFlags(given)), expected);
  });
}

flags.run();

// ---

const answers = suite('--answers <file>');

answers("reads the issue's Book answers file", () => {
  const book = {
    entity: 'Book',
    port: 8080,
    managementPort: 8081,
    fields: [
      { name: 'title', type: 'string', required: true, maxLength: 200 },
      { name: 'isbn', type: 'string', required: true, unique: true, pattern: '^[0-9-]{10,17}$', example: '978-0-13-468599-1' },
      { name: 'pages', type: 'integer', min: 1 },
      { name: 'price', type: 'decimal', precision: 10, scale: 2, min: 0 },
      { name: 'format', type: 'enum', values: ['hardcover', 'paperback', 'ebook'], default: 'paperback' },
      { name: 'published', type: 'date' },
      { name: 'available', type: 'boolean', default: true },
    ],
  };
  assert.equal(readAnswersFile(answersFile(book)), book);
});

answers('a generated project\'s own create-item-service.json is a valid answers file', () => {
  const generated = renderProject({ entity: 'Product', port: 3000, managementPort: 3001 }).get('create-item-service.json')!;
  assert.equal(readAnswersFile(answersFile(generated)), {
    entity: 'Product',
    port: 3000,
    managementPort: 3001,
    fields: DEFAULT_FIELDS.map(canonicalField),
    migrationLayout: 'combined',
  });
});

answers('a project\'s answers file that names no migration layout was made before the key: its layout is the stepwise one', () => {
  const { generatorVersion } = JSON.parse(renderProject({ entity: 'Product', port: 3000, managementPort: 3001 }).get('create-item-service.json')!);
  const old = { entity: 'Product', port: 3000, managementPort: 3001, generatorVersion };
  assert.is(readAnswersFile(answersFile(old)).migrationLayout, 'stepwise');
  assert.is(checkAnswers({ entity: 'Product' }).migrationLayout, undefined, 'a spec without the key makes a new project');
  assert.is(checkAnswers({ entity: 'Product', migrationLayout: 'stepwise' }).migrationLayout, 'stepwise');
});

answers('events names the broker; a recorded migration says whether the outbox was there', () => {
  assert.equal(checkAnswers({ entity: 'Book', events: 'nats' }), { entity: 'Book', events: 'nats' });
  const migrations = [{ name: '001-create-books', fields: [{ name: 'title', type: 'string' }], events: true }];
  assert.equal(checkAnswers({ entity: 'Book', events: 'nats', migrations }).migrations, migrations);
  assert.throws(() => checkAnswers({ entity: 'Book', migrations: [{ ...migrations[0], events: 'nats' }] }), /"events": true where its changes go to the outbox/);
});

answers('ports and fields may be left out', () => {
  assert.equal(checkAnswers({ entity: 'order line' }), { entity: 'order line' });
});

const answerRefusals: [unknown, RegExp][] = [
  ['{"entity": "Book",', /^--answers \S+: not valid JSON \(/],
  [[], /^--answers \S+: must be a JSON object such as/],
  [{ port: 8080 }, /^--answers \S+: needs "entity", e.g. "entity": "Book"$/],
  [{ entity: 'Books' }, /^--answers \S+: entity name "Books" looks plural/],
  [{ entity: 'Rate limit' }, /^--answers \S+: entity name "Rate limit" would name its table rate_limits/],
  [{ entity: 'Book', port: '8080' }, /^--answers \S+: port must be a number$/],
  [{ entity: 'Book', port: 70_000 }, /^--answers \S+: port must be from 1 to 65535: 70000$/],
  [{ entity: 'Book', managementPort: 8.5 }, /^--answers \S+: managementPort must be a whole number/],
  [{ entity: 'Book', port: 8080, managementPort: 8080 }, /^--answers \S+: the service port and the management port must differ/],
  [{ entity: 'Book', feilds: [] }, /^--answers \S+: unknown key "feilds" \(it takes entity, plural, port, managementPort, fields, softDelete, tenantClaim, events\)$/],
  [{ entity: 'Book', events: 'kafka' }, /^--answers \S+: events must be "nats" \(the broker change events go to\), got "kafka"$/],
  [{ entity: 'Book', events: true }, /^--answers \S+: events must be "nats" \(the broker change events go to\), got true$/],
  [{ entity: 'Book', softDelete: 'yes' }, /^--answers \S+: "softDelete" must be true or false$/],
  [
    { entity: 'Book', softDelete: true, fields: [{ name: 'deleted', type: 'date', index: true }] },
    /^--answers \S+: field name "deleted" is the list's parameter for deleted records where soft delete is on/,
  ],
  [{ entity: 'Book', fields: [{ name: 'title', type: 'str' }] }, /^--answers \S+: field "title" has unknown type "str"/],
  [{ entity: 'Book', migrationLayout: 'flat' }, /^--answers \S+: migrationLayout must be "combined" or "stepwise", got "flat" \(it records how/],
];

for (const [content, expected] of answerRefusals) {
  answers(`refuses ${JSON.stringify(content)} in one line naming the file`, () => {
    const message = refusal(() => readAnswersFile(answersFile(content)));
    assert.not.match(message, /\n/);
    assert.match(message, expected);
  });
}

answers('a missing file is named', () => {
  assert.is(refusal(() => readAnswersFile('/nonexistent/answers.json')), '--answers /nonexistent/answers.json: no such file');
});

answers.run();
