import { valueProblem } from './field-values.js';
import { numberedCode } from './pattern-values.js';
import { DEFAULT_SCALE, type FieldSpec } from '../spec/spec.js';
import { exampleValue } from '../views/joi-views.js';

/** The value a field's example reads back as: datetimes in UTC with milliseconds, uuids in lower case. */
export function storedForm(field: FieldSpec, value: unknown): unknown {
  if (field.type === 'datetime' && typeof value === 'string') return new Date(value).toISOString();
  if (field.type === 'uuid' && typeof value === 'string') return value.toLowerCase();
  return value;
}

/** The field's example as it reads back, so a body built from examples reads back equal. */
export const storedExample = (field: FieldSpec) => storedForm(field, exampleValue(field));


/**
 * A valid value of the field other than its example (as it reads back): what an update that
 * changes the field sends, in the tests and in the document's update example alike. Undefined
 * when the rules leave no other value.
 *
 *   price 19.99 -> 20.99;  quantity 3 -> 4;  format 'paperback' -> 'ebook';  published '2026-01-31' -> '2026-02-01';
 *   name 'Widget' -> 'Widget (updated)';  memberCode 'ABC-1234' (^[A-Z]{3}-[0-9]{4}$) -> 'ABC-1235'
 */
export function changedValue(field: FieldSpec): unknown {
  const example = storedExample(field);
  const candidates: unknown[] = (() => {
    switch (field.type) {
      case 'string':
      case 'text':
        return [`${example} (updated)`, 'Updated', 'updated', numberedCode(field, String(example), 2)?.at(1)];
      case 'email':
        return [`updated.${example}`, 'b@b.co'];
      case 'integer':
        return [1, -1].map((step) => (example as number) + step);
      case 'decimal': {
        // One whole unit, else one unit of the last decimal: decimal(1,1) holds 0.0 to 0.9 only.
        const unit = 10 ** -(field.scale ?? DEFAULT_SCALE);
        return [1, -1, unit, -unit].map((step) => Number(((example as number) + step).toFixed(field.scale ?? DEFAULT_SCALE)));
      }
      case 'boolean':
        return [!example];
      case 'date':
        return [new Date(Date.parse(`${example}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)];
      case 'datetime':
        return [new Date(Date.parse(String(example)) + 3_600_000).toISOString()];
      case 'uuid':
        return [`${String(example).slice(0, -1)}${String(example).endsWith('0') ? '1' : '0'}`];
      case 'enum':
        // The next value, round to the first.
        return [field.values[(field.values.indexOf(String(example)) + 1) % field.values.length]];
    }
  })();
  return candidates.find((value) => value !== undefined && value !== example && valueProblem(field, value) === undefined);
}
