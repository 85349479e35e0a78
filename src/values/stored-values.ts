import { numberBounds, valueProblem } from './field-values.js';
import { exampleValue } from '../views/joi-views.js';
import { firstValid, numberedCandidates } from './numbered-values.js';
import type { FieldSpec } from '../spec/spec.js';

/** Text a careless store would change: accents, a character beyond the BMP, quotes. */
const AWKWARD_TEXT = ' «é» 😀 "q" \'s\'';

/** Values that make a round trip worth checking, most telling first; refused ones are dropped later. */
function candidates(field: FieldSpec): unknown[] {
  const example = exampleValue(field);
  switch (field.type) {
    case 'string':
    case 'text':
    case 'email': {
      // Two numbered values that pass the rules (a code with a format changes within its pattern).
      const numbered = firstValid({ ...field, unique: true }, numberedCandidates({ ...field, unique: true }), [1, 2]);
      return [
        ...(field.type === 'email' ? [] : [example === '' ? AWKWARD_TEXT.trim() : `${String(example)}${AWKWARD_TEXT}`]),
        example,
        ...(numbered === undefined ? [] : [numbered.at(1), numbered.at(2)]),
      ];
    }
    case 'integer':
    case 'decimal': {
      // The bounds: the largest and the smallest number the column must keep exactly.
      const { min, max } = numberBounds(field);
      return [max, min, example];
    }
    case 'boolean':
      return field.default === true ? [false, true] : [true, false];
    case 'date':
      return ['2024-02-29', '1999-12-31', example];
    case 'datetime':
      return ['2024-02-29T23:59:59.999Z', '1999-12-31T00:00:00.000Z', example];
    case 'uuid':
      // Lowercase: PostgreSQL answers a uuid in lowercase whatever case it was given in.
      return ['0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30', 'f47ac10b-58cc-4372-a567-0e02b2c3d479'];
    case 'enum':
      return [...field.values];
  }
}

/**
 * Two values of the field for a round trip through the database: both pass its rules, they
 * differ from each other and from its default (so reading one back proves it was stored) as far
 * as the rules leave room, and they are as telling as the type allows: a number's bounds, text
 * with accents and an emoji, a leap day.
 *
 *   quantity (integer, min 1) -> [2_147_483_647, 1];  available (boolean, default true) -> [false, true]
 */
export function storedValues(field: FieldSpec): [unknown, unknown] {
  const valid = candidates(field).filter((value) => valueProblem(field, value) === undefined);
  const distinct = [...new Set(valid)];
  const preferred = [...distinct.filter((value) => value !== field.default), ...distinct.filter((value) => value === field.default)];
  const first = preferred[0] ?? exampleValue(field);
  return [first, preferred[1] ?? first];
}
