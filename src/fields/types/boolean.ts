import { allow, type FieldOf, type FieldTypeModule } from './field-type.js';

/** true or false; never unique or indexed: two values hold two rows, or index nothing useful. */
export const booleanType: FieldTypeModule<FieldOf<'boolean'>> = {
  hint: 'true or false',
  modifiers: ['required', 'default', 'example', 'description'],
  columnType: () => 'boolean',
  knexColumn: (_field, column) => `table.boolean(${column})`,
  tsType: () => 'boolean',
  joi: (_field, nullable) => ({ head: 'Joi.boolean()', calls: allow(nullable) }),
  jsonSchema: () => ({ type: 'boolean' }),
  tableRules: () => [],
  readmeRule: () => '`true` or `false`',
  valueProblem: (_field, value) => (typeof value === 'boolean' ? undefined : 'must be true or false'),
  madeUpExample: () => true,
  changeCandidates: (_field, example) => [!example],
};
