import { literal } from '../../code/code-text.js';
import { allow, COMMON_MODIFIERS, type FieldOf, type FieldTypeModule } from './field-type.js';
import { code, orList } from './wording.js';

const MAX_ENUM_VALUE_LENGTH = 100;

/**
 * One of a list of values: text with a check constraint rather than a PostgreSQL enum type, so
 * adding a value later is a plain migration that replaces the constraint.
 */
export const enumType: FieldTypeModule<FieldOf<'enum'>> = {
  hint: 'one of a list of values',
  modifiers: [...COMMON_MODIFIERS, 'values'],
  columnType: () => 'text',
  knexColumn: (field, column) => `table.enum(${column}, ${literal(field.values)})`,
  tsType: (field) => field.values.map(literal).join(' | '),
  joi: (field, nullable) => ({ head: 'Joi.string()', calls: [`.valid(${field.values.map(literal).join(', ')})`, ...allow(nullable)] }),
  jsonSchema: (field) => ({ type: 'string', enum: [...field.values, ...(field.required ? [] : [null])] }),
  tableRules: (field) => [`one of ${field.values.join(', ')}`],
  readmeRule: (field) => `one of ${orList(field.values.map(code))}`,
  valueProblem: (field, value) => (typeof value === 'string' && field.values.includes(value) ? undefined : `must be one of ${field.values.join(', ')}`),
  specProblem(field) {
    const values = field.values as string[] | undefined;
    if (values === undefined || values.length === 0) return 'an enum needs values, e.g. values=draft|published';
    const bad = values.find((value) => value.trim() !== value || value === '' || value.length > MAX_ENUM_VALUE_LENGTH || /[\u0000-\u001f|'\\]/.test(value));
    if (bad !== undefined) {
      return `enum value "${bad}" must be non-empty text of at most ${MAX_ENUM_VALUE_LENGTH} characters, without surrounding spaces, quotes ('), backslashes, "|" or control characters`;
    }
    const duplicate = values.find((value, i) => values.indexOf(value) !== i);
    if (duplicate !== undefined) return `enum value "${duplicate}" is listed twice`;
    return undefined;
  },
  madeUpExample: (field) => field.values[0],
  // The next value, round to the first.
  changeCandidates: (field, example) => [field.values[(field.values.indexOf(String(example)) + 1) % field.values.length]],
};
