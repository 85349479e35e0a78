import { sqlText } from '../views/code-text.js';
import { exampleValue } from '../views/joi-views.js';
import { FILL_SPAN, firstValid, numberedCandidates, type NumberedValue } from './numbered-values.js';
import type { FieldSpec } from '../spec/spec.js';

export { FILL_SPAN };

/** A field's value in row `n` of the benchmark's fill: SQL over `n`, computed here too (see NumberedValue). */
export type SeedValue = NumberedValue;

/** Row numbers a fill reaches, every digit among them: a pattern that refuses one is found here. */
const SAMPLES = [0, 1, 42, 999, 123_456, 7_890_000, FILL_SPAN - 1];

/** The example as SQL, for a field whose rules leave no room to vary. */
function exampleSql(field: FieldSpec): SeedValue {
  const example = exampleValue(field);
  const cast: Partial<Record<FieldSpec['type'], string>> = { date: '::date', datetime: '::timestamptz', uuid: '::uuid' };
  const sql = typeof example === 'string' ? `${sqlText(example)}${cast[field.type] ?? ''}` : String(example);
  return { sql, at: () => example, distinct: 1 };
}

/**
 * A valid value of the field for every row of a fill, varied from row to row; a unique field's
 * distinct for every row up to its `distinct` count. A field whose rules leave no room to vary
 * keeps its example (once only, if it is unique).
 */
export function seedValue(field: FieldSpec): SeedValue {
  return firstValid(field, numberedCandidates(field), SAMPLES) ?? exampleSql(field);
}
