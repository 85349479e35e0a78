import { numberLiteral } from '../../code/code-text.js';
import { INT4_MAX, INT4_MIN } from '../field-spec.js';
import { allow, COMMON_MODIFIERS, type FieldOf, type FieldTypeModule } from './field-type.js';
import { maxConstant, numberBounds, numberExample, numberProblem } from './numbers.js';

/** A 32-bit integer, PostgreSQL's integer. */
export const integerType: FieldTypeModule<FieldOf<'integer'>> = {
  hint: 'a whole number (32-bit)',
  modifiers: [...COMMON_MODIFIERS, 'min', 'max'],
  columnType: () => 'integer',
  knexColumn: (_field, column) => `table.integer(${column})`,
  tsType: () => 'number',
  joi(field, nullable) {
    const min = field.min === undefined ? '-INT4_MAX - 1' : numberLiteral(field.min);
    return { head: 'Joi.number()', calls: ['.integer()', ...allow(nullable), `.min(${min})`, `.max(${maxConstant(field)})`] };
  },
  constants: (field) => [`export const ${maxConstant(field)} = ${field.max === undefined ? 'INT4_MAX' : numberLiteral(field.max)};`],
  jsonSchema: (field) => ({ type: 'integer', minimum: numberBounds(field).min, maximum: numberBounds(field).max }),
  tableRules: (field) => [`${numberBounds(field).min} to ${numberBounds(field).max}`],
  readmeRule(field) {
    const { min, max } = numberBounds(field);
    return `an integer from ${min} to ${max}`;
  },
  valueProblem: (field, value) => numberProblem(field, value, (number) => (Number.isInteger(number) ? undefined : 'must be an integer')),
  specProblem(field) {
    for (const [key, value] of [['min', field.min], ['max', field.max]] as const) {
      if (value !== undefined && (!Number.isInteger(value) || value < INT4_MIN || value > INT4_MAX)) {
        return `${key} must be an integer from ${INT4_MIN} to ${INT4_MAX} (a 32-bit integer)`;
      }
    }
    return undefined;
  },
  madeUpExample: numberExample,
  changeCandidates: (_field, example) => [1, -1].map((step) => (example as number) + step),
};
