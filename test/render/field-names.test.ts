import { Model, snakeCaseMappers } from 'objection';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { columnName, validateFieldName } from '../../src/names/field-name.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/fields/field-spec.js';
import { renderProject } from '../../src/generate/generate.js';
import { entityNames } from '../../src/names/entity-names.js';
import type { Answers } from '../../src/answers/answers.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';

/** Every own property name along a prototype chain, up to (not including) `stop`. */
function chainNames(start: object, stop: object | null): string[] {
  const names: string[] = [];
  for (let object: object | null = start; object !== null && object !== stop; object = Object.getPrototypeOf(object)) {
    names.push(...Object.getOwnPropertyNames(object));
  }
  return names;
}

/** The lowercase consts a rendered schema module declares, but for the fields' own and the entity's. */
function schemaDeclarations(answers: Answers, path: string, fields: readonly FieldSpec[]): string[] {
  const schema = renderProject(answers).get(path) ?? '';
  const fieldNames = new Set(fields.map((field) => field.name));
  const camelName = entityNames(answers.entity).camelName;
  const declared = [...schema.matchAll(/^(?:export )?const ([a-z]\w*)/gm)].map((match) => match[1]!);
  // The values it imports too (a field const of the same name would redeclare them); types live apart.
  const imported = [...schema.matchAll(/^import \{([^}]*)\}/gm)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((binding) => binding.trim())
      .filter((binding) => /^[a-z]/.test(binding) && !binding.startsWith('type '))
      .map((binding) => binding.split(/\s+as\s+/).at(-1)!),
  );
  return [...declared, ...imported].filter((name) => !fieldNames.has(name) && !name.startsWith(camelName));
}

// ---

const clashes = suite('field names that clash with what the generated code already has');

clashes('every name an Objection model instance, its class or any object already has is refused', () => {
  const functionOwn = new Set(Object.getOwnPropertyNames(function named() {}));
  const names = new Set([
    ...chainNames(Model.prototype, null),
    ...chainNames(Model, Function.prototype).filter((name) => !functionOwn.has(name)),
  ]);
  assert.ok(names.has('toJSON') && names.has('$id') && names.has('query') && names.has('hasOwnProperty'), 'the names were read');
  for (const name of names) assert.ok(validateFieldName(name), `${name} is accepted`);
});

clashes('the names the generated schema module declares beside the fields are refused', () => {
  const declared = [
    ...schemaDeclarations({ entity: 'Product', port: 8080, managementPort: 8081 }, 'src/product/product.schema.ts', DEFAULT_FIELDS),
    ...schemaDeclarations({ entity: 'Book', port: 8080, managementPort: 8081, fields: EVERY_TYPE }, 'src/book/book.schema.ts', EVERY_TYPE),
  ];
  for (const name of ['storableText', 'idRule', 'calendarDate', 'filterParameters']) assert.ok(declared.includes(name), `${name} in ${declared.join(', ')}`);
  for (const name of declared) assert.match(validateFieldName(name) ?? 'accepted', /clashes with/, name);
});

clashes('the list query\'s own parameters are refused: a field is also a filter parameter', () => {
  for (const name of ['page', 'pageSize', 'sort', 'after', 'count']) assert.match(validateFieldName(name) ?? 'accepted', /clashes with/, name);
});

clashes.run();

// ---

const columns = suite('columns');

columns('a field\'s column is what Objection\'s snakeCaseMappers() writes', () => {
  const mappers = snakeCaseMappers();
  for (const name of ['name', 'unitPrice', 'isbn13', 'isbn13Code', 'releasedOnDate', 'aB1C2', 'x1y', 'vatRate2']) {
    if (validateFieldName(name)) continue;
    assert.equal(Object.keys(mappers.format({ [name]: 1 })), [columnName(name)], name);
    assert.equal(Object.keys(mappers.parse({ [columnName(name)]: 1 })), [name], `${name} reads back`);
  }
});

columns('ordinary names are accepted', () => {
  for (const name of ['title', 'isbn', 'pages', 'unitPrice', 'releasedOn', 'available', 'email', 'format', 'vatRate2', 'name']) {
    assert.is(validateFieldName(name), undefined, name);
  }
});

columns.run();
