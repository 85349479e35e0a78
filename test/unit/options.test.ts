import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { givenAnswers } from '../../src/cli/options.js';
import { refusal } from '../support/fields-fixtures.js';
import { tempDir } from '../support/helpers.js';

const cwd = tempDir();
writeFileSync(
  join(cwd, 'book.json'),
  JSON.stringify({ entity: 'Book', port: 9000, managementPort: 9001, fields: [{ name: 'title', type: 'string', required: true }] }),
);

test('without --answers or --field, only what was given is given: the standard fields follow from no fields', () => {
  assert.equal(givenAnswers({ entity: 'Product', port: 3000 }, cwd), { entity: 'Product', port: 3000 });
});

test('--field gives the fields, in order', () => {
  assert.equal(givenAnswers({ entity: 'Book', field: ['title:string:required', 'pages:integer:min=1'] }, cwd), {
    entity: 'Book',
    fields: [
      { name: 'title', type: 'string', required: true },
      { name: 'pages', type: 'integer', min: 1 },
    ],
  });
});

test('--answers gives the entity, the ports and the fields; port flags win over the file', () => {
  assert.equal(givenAnswers({ answers: 'book.json' }, cwd), {
    entity: 'Book',
    port: 9000,
    managementPort: 9001,
    fields: [{ name: 'title', type: 'string', required: true }],
  });
  assert.is(givenAnswers({ answers: 'book.json', port: 3000 }, cwd).port, 3000);
  assert.is(givenAnswers({ answers: 'book.json', entity: 'book' }, cwd).entity, 'book', 'the same entity, as typed');
});

test("--answers of a project's own answers file keeps its migration layout, named or not", () => {
  writeFileSync(join(cwd, 'old-product.json'), JSON.stringify({ entity: 'Product', port: 8080, managementPort: 8081, generatorVersion: '0.1.0' }));
  assert.is(givenAnswers({ answers: 'old-product.json' }, cwd).migrationLayout, 'stepwise', 'made before the key: the stepwise layout');
  writeFileSync(join(cwd, 'new-product.json'), JSON.stringify({ entity: 'Product', migrationLayout: 'combined', generatorVersion: '0.1.0' }));
  assert.is(givenAnswers({ answers: 'new-product.json' }, cwd).migrationLayout, 'combined');
  assert.is(givenAnswers({ answers: 'book.json' }, cwd).migrationLayout, undefined, "a spec names none: a new project's layout");
});

test('fields from two places, or an entity argument that contradicts the file, are refused', () => {
  assert.is(
    refusal(() => givenAnswers({ answers: 'book.json', field: ['pages:integer'] }, cwd)),
    '--field and --answers both give fields: list them in the answers file only',
  );
  assert.is(refusal(() => givenAnswers({ answers: 'book.json', entity: 'Author' }, cwd)), 'the entity argument Author differs from Book in --answers book.json');
  assert.match(refusal(() => givenAnswers({ answers: 'missing.json' }, cwd)), /^--answers \S+missing\.json: no such file$/);
  assert.is(refusal(() => givenAnswers({ field: ['title:str'] }, cwd)), '--field title:str: field "title" has unknown type "str"; use one of string, text, integer, decimal, boolean, date, datetime, uuid, email, enum');
});

test.run();
