import { literal, numberLiteral, templateLiteralText } from './code-text.js';
import { exampleValue } from './joi-views.js';
import { requiredOnCreate, type FieldSpec } from '../spec/spec.js';

/** What the property, model and concurrency test templates print about the fields (each field's own values: field-data-views.ts). */
export interface ArbitraryViews {
  hasRequired: boolean;
  /** `'isbn', 'catalogId'`: the fields a unique index covers. */
  uniqueNames: string;
  hasUnique: boolean;
  /** The column defaults a create stores for the fields it leaves out: `{ status: 'draft' }`, or `{}`. */
  defaults: string;
  /** A valid create with only the fields a create must send (the first field when there is none), as an object literal. */
  exampleCreate: string;
  /** A valid update of one field that no unique index covers, as JSON text in a literal. */
  exampleUpdateJson: string;
  /** The example create as a template literal's text with `${nested}` in place of its first value. */
  nestedBody: string;
  /** The example create's JSON cut short, and with its first key given twice (null, then its value), as literals. */
  truncatedJson: string;
  duplicateKeyJson: string;
}

function valueLiteral(value: unknown): string {
  return typeof value === 'number' ? numberLiteral(value) : value === null ? 'null' : literal(value);
}

/** An object literal; the project's formatter lays it out. */
function objectLiteral(entries: [string, string][]): string {
  return entries.length === 0 ? '{}' : `{ ${entries.map(([key, value]) => `${key}: ${value}`).join(', ')} }`;
}

/** A column default as the service answers it: a date-time in UTC, with milliseconds. */
function storedDefault(field: FieldSpec): unknown {
  return field.type === 'datetime' ? new Date(field.default as string).toISOString() : field.default;
}

/** The request bodies and field sets of the entity, for test/arbitraries.ts and the tests that use it. */
export function arbitraryViews(specs: readonly FieldSpec[]): ArbitraryViews {
  const required = specs.filter(requiredOnCreate);
  const exampleFields = required.length > 0 ? required : specs.slice(0, 1);
  const example = Object.fromEntries(exampleFields.map((field) => [field.name, exampleValue(field)]));
  const json = JSON.stringify(example);
  const [first, ...rest] = Object.entries(example);
  const changeable = specs.find((field) => !field.unique) ?? specs[0]!;
  return {
    hasRequired: required.length > 0,
    uniqueNames: specs.filter((field) => field.unique).map((field) => literal(field.name)).join(', '),
    hasUnique: specs.some((field) => field.unique),
    defaults: objectLiteral(specs.filter((field) => field.default !== undefined).map((field) => [field.name, valueLiteral(storedDefault(field))])),
    exampleCreate: objectLiteral(Object.entries(example).map(([key, value]) => [key, valueLiteral(value)])),
    exampleUpdateJson: literal(JSON.stringify({ [changeable.name]: exampleValue(changeable) })),
    nestedBody: templateLiteralText(`{"${first![0]}":`) + '${nested}' + templateLiteralText(`${JSON.stringify(Object.fromEntries(rest)).slice(1).replace(/^(?!\})/, ',')}`),
    truncatedJson: literal(json.slice(0, -1)),
    duplicateKeyJson: literal(`{"${first![0]}":null,${json.slice(1)}`),
  };
}
