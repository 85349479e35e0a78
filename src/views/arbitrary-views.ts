import { fieldValues } from '../values/arbitrary-values.js';
import { literal, numberLiteral, templateLiteralText } from './code-text.js';
import { capitalize } from '../spec/entity-names.js';
import { exampleValue } from './joi-views.js';
import type { FieldSpec } from '../spec/spec.js';

/** One field in the generated test/arbitraries.ts. */
export interface FieldArbitrary {
  name: string;
  /** `validPages` */
  validName: string;
  /** `export const validPages = fc.integer({ min: 1, max: 10_000 });`, after its doc comment if any. */
  validDeclaration: string;
  /** The field's entry in invalidField, without the trailing comma: `pages: fc.oneof(...)`. */
  invalidEntry: string;
  unique: boolean;
}

/** What the property, model and concurrency test templates print about the fields. */
export interface ArbitraryViews {
  fields: FieldArbitrary[];
  /** `badText, nonNumber, notNull`: the helpers of test/value-arbitraries.ts the fields' arbitraries name. */
  helpers: string;
  hasRequired: boolean;
  /** `'isbn', 'catalogId'`: the fields a unique index covers. */
  uniqueNames: string;
  hasUnique: boolean;
  /** The object of valid arbitraries: `{ name: validName, ... }`, one key per line when long. */
  validFieldObject: string;
  /** The column defaults a create stores for the fields it leaves out: `{ status: 'draft' }`, or `{}`. */
  defaults: string;
  /** A valid create with the required fields only (the first field when none is required), as an object literal. */
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

/** `export const validX = ...;` (the formatter breaks a long oneof or chain). */
function validDeclaration(name: string, field: FieldSpec): string {
  const { valid, special, validComment } = fieldValues(field);
  const comment = validComment === undefined ? '' : `/** ${validComment} */\n`;
  const chain = `${valid.head}${valid.calls.join('')}`;
  const expression = special.length === 0 ? chain : `fc.oneof(${[...special, chain].join(', ')})`;
  return `${comment}export const ${name} = ${expression};`;
}

function invalidEntry(field: FieldSpec): string {
  const { invalid } = fieldValues(field);
  const filter = field.required ? '' : '.filter(notNull)';
  return `${field.name}: ${invalid.length === 1 ? invalid[0] : `fc.oneof(${invalid.join(', ')})`}${filter}`;
}

/** A column default as the service answers it: a date-time in UTC, with milliseconds. */
function storedDefault(field: FieldSpec): unknown {
  return field.type === 'datetime' ? new Date(field.default as string).toISOString() : field.default;
}

/** The arbitraries and test data of the entity, for test/arbitraries.ts and the tests that use it. */
export function arbitraryViews(specs: readonly FieldSpec[]): ArbitraryViews {
  const fields = specs.map((field) => {
    const validName = `valid${capitalize(field.name)}`;
    return { name: field.name, validName, validDeclaration: validDeclaration(validName, field), invalidEntry: invalidEntry(field), unique: field.unique === true };
  });
  const required = specs.filter((field) => field.required);
  const exampleFields = required.length > 0 ? required : specs.slice(0, 1);
  const example = Object.fromEntries(exampleFields.map((field) => [field.name, exampleValue(field)]));
  const json = JSON.stringify(example);
  const [first, ...rest] = Object.entries(example);
  const changeable = specs.find((field) => !field.unique) ?? specs[0]!;
  return {
    fields,
    helpers: [...new Set(specs.flatMap((field) => fieldValues(field).needs))].sort().join(', '),
    hasRequired: required.length > 0,
    uniqueNames: specs.filter((field) => field.unique).map((field) => literal(field.name)).join(', '),
    hasUnique: specs.some((field) => field.unique),
    validFieldObject: objectLiteral(fields.map((field) => [field.name, field.validName])),
    defaults: objectLiteral(specs.filter((field) => field.default !== undefined).map((field) => [field.name, valueLiteral(storedDefault(field))])),
    exampleCreate: objectLiteral(Object.entries(example).map(([key, value]) => [key, valueLiteral(value)])),
    exampleUpdateJson: literal(JSON.stringify({ [changeable.name]: exampleValue(changeable) })),
    nestedBody: templateLiteralText(`{"${first![0]}":`) + '${nested}' + templateLiteralText(`${JSON.stringify(Object.fromEntries(rest)).slice(1).replace(/^(?!\})/, ',')}`),
    truncatedJson: literal(json.slice(0, -1)),
    duplicateKeyJson: literal(`{"${first![0]}":null,${json.slice(1)}`),
  };
}
