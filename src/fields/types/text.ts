import { numberLiteral, regexLiteral } from '../../code/code-text.js';
import { capitalize } from '../../names/entity-names.js';
import { fieldLabel } from '../../names/field-name.js';
import { MAX_VARCHAR_LENGTH, type FieldSpec } from '../field-spec.js';
import { numberedCode, patternExample } from '../pattern-values.js';
import { allow, COMMON_MODIFIERS, type FieldOf, type FieldTypeModule } from './field-type.js';
import { acceptsEmpty, lengthBounds, lengthWords, textProblem } from './lengths.js';
import { code } from './wording.js';

/** The longest text a unique or indexed field may hold: 4 bytes a character, with the id, within an index entry. */
const MAX_INDEXED_LENGTH = 600;

/** The length rules shared by the text types and email: bounds in order, within a varchar and an index entry. */
export function lengthSpecProblem(field: FieldSpec & { minLength?: number; maxLength?: number }): string | undefined {
  const { type, minLength, maxLength } = field;
  if (maxLength !== undefined && maxLength < 1) return 'maxLength must be at least 1';
  if (type !== 'text' && maxLength !== undefined && maxLength > MAX_VARCHAR_LENGTH) {
    return `maxLength must be at most ${MAX_VARCHAR_LENGTH} (use type text for longer values)`;
  }
  const effectiveMax = lengthBounds(field).max;
  if (minLength !== undefined && effectiveMax !== undefined && minLength > effectiveMax) {
    return `minLength ${minLength} is above maxLength ${effectiveMax}`;
  }
  const indexed = field.unique === true || field.index === true;
  if (indexed && (effectiveMax === undefined || effectiveMax > MAX_INDEXED_LENGTH)) {
    return (
      `${field.unique === true ? 'unique' : 'index'} needs maxLength ${MAX_INDEXED_LENGTH} or less: a PostgreSQL index entry ` +
      `holds 2704 bytes, and a character takes up to 4 (${effectiveMax === undefined ? 'text has no maxLength' : `maxLength is ${effectiveMax}`})`
    );
  }
  return undefined;
}

const characters = (count: number) => `${count} character${count === 1 ? '' : 's'}`;

/**
 * `string` is a varchar (`maxLength` default 255); `text` has no limit unless `maxLength`. Both
 * refuse the empty string unless `minLength` is 0, and may have a pattern.
 */
function textType<T extends 'string' | 'text'>(type: T, hint: string): FieldTypeModule<FieldOf<T>> {
  return {
    hint,
    modifiers: [...COMMON_MODIFIERS, 'minLength', 'maxLength', 'pattern'],
    columnType: (field) => (type === 'string' ? `varchar(${lengthBounds(field).max})` : 'text'),
    knexColumn: (field, column) => (type === 'string' ? `table.string(${column}, ${lengthBounds(field).max})` : `table.text(${column})`),
    tsType: () => 'string',
    joi(field, nullable) {
      const { max } = lengthBounds(field);
      return {
        head: 'Joi.string()',
        calls: [
          // The empty text only where the pattern, if any, takes it too.
          ...allow([...(acceptsEmpty(field) ? ["''"] : []), ...nullable]),
          ...(field.minLength !== undefined && field.minLength > 0 ? [`.minCharacters(${field.minLength})`] : []),
          ...(max === undefined ? [] : [`.maxCharacters(${numberLiteral(max)})`]),
          ...(field.pattern === undefined ? [] : [`.pattern(${regexLiteral(field.pattern)})`]),
          '.custom(storableText)',
          '.messages(textMessages)',
        ],
      };
    },
    jsonSchema(field) {
      const { min, max } = lengthBounds(field);
      return {
        type: 'string',
        // RegExp's source is what the schema module's /literal/ holds: a slash escaped.
        ...(field.pattern === undefined ? {} : { pattern: new RegExp(field.pattern).source }),
        // Joi refuses the empty text unless it is allowed: the document says so as minLength 1.
        ...(min > 0 ? { minLength: min } : acceptsEmpty(field) ? {} : { minLength: 1 }),
        ...(max === undefined ? {} : { maxLength: max }),
      };
    },
    tableRules: (field) => [...lengthWords(field), ...(field.pattern === undefined ? [] : [`pattern ${field.pattern}`])],
    readmeRule(field) {
      const { min, max } = lengthBounds(field);
      const length =
        max === undefined
          ? min > 0 ? `at least ${characters(min)}` : 'text of any length, empty included'
          : min > 0 ? `${min} to ${characters(max)}` : `at most ${characters(max)}`;
      return field.pattern === undefined ? length : `${length}, matching ${code(field.pattern)}`;
    },
    valueProblem: textProblem,
    specProblem: lengthSpecProblem,
    madeUpExample(field) {
      const made = patternExample(field);
      if (made !== undefined) return made;
      const { min, max } = lengthBounds(field);
      return capitalize(fieldLabel(field.name)).padEnd(min, 'x').slice(0, max);
    },
    changeCandidates: (field, example) => [`${example} (updated)`, 'Updated', 'updated', numberedCode(field, String(example), 2)?.at(1)],
  };
}

export const stringType = textType('string', 'text up to maxLength characters (default 255)');
export const textFieldType = textType('text', 'text of any length');
