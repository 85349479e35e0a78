import { DEFAULT_SCALE, type FieldSpec } from '../fields/field-spec.js';
import { exampleValue } from '../fields/field-values.js';
import { fieldType } from '../fields/types/field-types.js';
import { numberBounds } from '../fields/types/numbers.js';
import { code } from '../fields/types/wording.js';
import { capitalize } from '../names/entity-names.js';
import { columnName, fieldLabel } from '../names/field-name.js';
import { requestExamples } from './openapi-examples.js';

/** The README's example record is wrapped at this width, as its prose is. */
const README_WIDTH = 100;

/**
 * The README's rule for one field, as a row of its field table:
 *
 *   | `name` | Required on create. 1 to 100 characters. |
 *   | `status` | Required, one of `draft` or `published`; left out on create: `"draft"`. Never `null`. |
 *   | `description` | Optional, at most 500 characters. Reads back as `null` when absent or sent as `null`; `null` in an update clears it. |
 */
export function readmeFieldRow(field: FieldSpec): string {
  const leftOut = field.default === undefined ? undefined : `left out on create: ${code(JSON.stringify(field.default))}`;
  const sentences = field.required
    ? leftOut === undefined
      ? ['Required on create.', `${capitalize(fieldType(field).readmeRule(field))}.`]
      : [`Required, ${fieldType(field).readmeRule(field)}; ${leftOut}.`, 'Never `null`.']
    : [
        `Optional, ${fieldType(field).readmeRule(field)}.`,
        leftOut === undefined
          ? 'Reads back as `null` when absent or sent as `null`; `null` in an update clears it.'
          : `${capitalize(leftOut)}; \`null\` stores none, and in an update clears it.`,
      ];
  if (field.unique) sentences.push('Unique: a duplicate is answered with 409.');
  return `| ${code(field.name)} | ${sentences.join(' ')} |`;
}

/**
 * A stored record as the API answers it, its keys in the answer's order, with every field's
 * example, created by the built-in account, wrapped as the README's prose:
 *
 *   { "id": 1, "version": 1, "name": "Widget", "description": "A small widget", "price": 19.99,
 *     "quantity": 3, "createdAt": "2026-01-01T12:00:00.000Z", "updatedAt": "2026-01-01T12:00:00.000Z",
 *     "createdBy": "admin", "updatedBy": "admin" }
 */
export function readmeRecord(fields: readonly FieldSpec[], softDelete = false): string {
  const timestamp = JSON.stringify('2026-01-01T12:00:00.000Z');
  const entries = [
    '"id": 1',
    '"version": 1',
    ...fields.map((field) => `${JSON.stringify(field.name)}: ${JSON.stringify(exampleValue(field))}`),
    `"createdAt": ${timestamp}`,
    `"updatedAt": ${timestamp}`,
    '"createdBy": "admin"',
    '"updatedBy": "admin"',
    ...(softDelete ? ['"deletedAt": null', '"deletedBy": null'] : []),
  ].map((entry, index, all) => (index < all.length - 1 ? `${entry},` : `${entry} }`));
  const lines = [`{ ${entries[0]}`];
  for (const entry of entries.slice(1)) {
    const last = lines.at(-1)!;
    if (`${last} ${entry}`.length <= README_WIDTH) lines[lines.length - 1] = `${last} ${entry}`;
    else lines.push(`  ${entry}`);
  }
  return lines.join('\n');
}

/** The create body of the README's curl example, quoted for the shell: the required fields, or all when none is. */
export function readmeCreateBody(fields: readonly FieldSpec[]): string {
  const body = requestExamples(fields).create.at(-1)!.value;
  return `'${JSON.stringify(body).replaceAll("'", "'\\''")}'`;
}

/** A value of the field with one decimal more than it may have, within its range: 1.255 for a price. */
function overPrecise(field: FieldSpec & { type: 'decimal' }): string {
  const { min, max } = numberBounds(field);
  const scale = field.scale ?? DEFAULT_SCALE;
  const base = Math.min(Math.max(1.25, min), max);
  const digits = base.toFixed(scale);
  return `${digits}${scale === 0 ? '.' : ''}5`;
}

/**
 * The README's sentence on conversion, with a value of this entity that would be rounded (a
 * decimal's) and one that would be converted (a number or boolean sent as a string, else a number
 * for text):
 *
 *   Nothing is converted or rounded (`"price": 1.255` and `"quantity": "3"` are refused).
 */
export function readmeNoConversion(fields: readonly FieldSpec[]): string {
  const decimal = fields.find((field) => field.type === 'decimal');
  const rounded = decimal === undefined ? undefined : `${JSON.stringify(decimal.name)}: ${overPrecise(decimal)}`;
  const numeric = fields.find((field) => field.type === 'integer') ?? decimal;
  const boolean = fields.find((field) => field.type === 'boolean');
  const converted =
    numeric !== undefined
      ? `${JSON.stringify(numeric.name)}: "3"`
      : boolean !== undefined
        ? `${JSON.stringify(boolean.name)}: "true"`
        : `${JSON.stringify(fields[0]!.name)}: 3`;
  const refused = [rounded, converted].filter((example) => example !== undefined).map((example) => `\`${example}\``);
  return `Nothing is converted${rounded === undefined ? '' : ' or rounded'} (${refused.join(' and ')} ${refused.length === 1 ? 'is' : 'are'} refused).`;
}
