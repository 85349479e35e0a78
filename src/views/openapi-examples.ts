import { changedValue } from '../fields/field-values.js';
import { literal, numberLiteral } from '../code/code-text.js';
import { capitalize } from '../names/entity-names.js';
import { columnName, fieldLabel } from '../names/field-name.js';
import { exampleValue } from '../fields/field-values.js';
import { requiredOnCreate, type FieldSpec } from '../fields/field-spec.js';

/** One request example as the OpenAPI module lists it: its key, summary and body. */
export interface RequestExample {
  key: string;
  summary: string;
  value: Record<string, unknown>;
  /** Code that stands for the value in the OpenAPI module, instead of its literal. */
  valueCode?: string;
}

const valueOf = (fields: readonly FieldSpec[]) => Object.fromEntries(fields.map((field) => [field.name, exampleValue(field)]));

/**
 * The request examples Swagger UI shows, one value per field (its example), each passing the
 * field's rules: create with every field, and with only those a create must send when that
 * differs; update changing up to two fields to another value (required ones after the first, which
 * usually names the record, else the first fields that have another value; a unique one only when
 * every field is, as it could collide), and clearing the first optional field.
 */
export function requestExamples(fields: readonly FieldSpec[]): { create: RequestExample[]; update: RequestExample[] } {
  const required = fields.filter((field) => field.required);
  const optional = fields.filter((field) => !field.required);
  const mustSend = fields.filter(requiredOnCreate);
  const create: RequestExample[] = [{ key: 'full', summary: 'All fields', value: valueOf(fields) }];
  if (mustSend.length > 0 && mustSend.length < fields.length) create.push({ key: 'minimal', summary: 'Required fields only', value: valueOf(mustSend) });
  const changeable = fields.filter((field) => !field.unique);
  const preferred = [
    required.slice(1).filter((field) => !field.unique),
    changeable.filter((field) => changedValue(field) !== undefined),
    changeable,
    fields,
  ].find((choice) => choice.length > 0)!;
  const changed = preferred.slice(0, 2);
  const update: RequestExample[] = [];
  if (changed.length > 0) {
    update.push({
      key: changed[0]!.name,
      summary: `Change ${changed.map((field) => fieldLabel(field.name)).join(' and ')}`,
      value: Object.fromEntries(changed.map((field) => [field.name, changedValue(field) ?? exampleValue(field)])),
    });
  }
  const cleared = optional[0];
  if (cleared !== undefined) {
    update.push({ key: `clear${capitalize(cleared.name)}`, summary: `Clear the ${fieldLabel(cleared.name)}`, value: { [cleared.name]: null } });
  }
  return { create, update };
}

/**
 * The text of the 400 the document shows, as an expression of the responses module: what the
 * service answers to a create without its first two required fields, or, when no field is
 * required, to a create that sends an id.
 *
 *   `"name" is required${PROBLEM_SEPARATOR}"price" is required`;  '"id" is not allowed'
 */
export function badRequestExample(fields: readonly FieldSpec[]): string {
  const problems = fields.filter(requiredOnCreate).slice(0, 2).map((field) => `"${field.name}" is required`);
  if (problems.length === 0) return literal('"id" is not allowed');
  return problems.length === 1 ? literal(problems[0]) : `\`${problems.join('${PROBLEM_SEPARATOR}')}\``;
}

/** A field value as code: a number as the templates write it, null, or a string literal. */
export function valueLiteral(value: unknown): string {
  return typeof value === 'number' ? numberLiteral(value) : value === null ? 'null' : literal(value);
}

/** An example as an entry of the OpenAPI module (the formatter lays it out). */
export function exampleLines(example: RequestExample): string {
  const entries = Object.entries(example.value).map(([key, value]) => `${key}: ${valueLiteral(value)}`);
  return `    ${example.key}: { summary: ${literal(example.summary)}, value: ${example.valueCode ?? `{ ${entries.join(', ')} }`} },`;
}
