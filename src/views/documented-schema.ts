import { literal, numberLiteral } from '../code/code-text.js';
import { requiredOnCreate, type FieldSpec } from '../fields/field-spec.js';
import { fieldType } from '../fields/types/field-types.js';

/** What the OpenAPI document must state of one field in each schema that has it, from the spec alone. */
export interface DocumentedField {
  /** Required on create (a required field with a default may be left out). */
  required: boolean;
  /** The property's type, format and bounds keys: exactly these, so a key more (multipleOf) is a difference too. */
  schema: Record<string, unknown>;
  /** Words its description must hold: the spec's own description, a decimal's scale and range. */
  says: string[];
}

export function documentedField(field: FieldSpec): DocumentedField {
  const own = field.description === undefined ? [] : [field.description.replace(/\.$/, '')];
  const says = [...own, ...(fieldType(field).says?.(field) ?? [])];
  return {
    required: requiredOnCreate(field),
    schema: { ...fieldType(field).jsonSchema(field), ...(field.required ? {} : { nullable: true }) },
    says,
  };
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

function valueText(value: unknown): string {
  if (typeof value === 'number') return numberLiteral(value);
  if (Array.isArray(value)) return `[${value.map(valueText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value).map(([name, inner]) => `${key(name)}: ${valueText(inner)}`).join(', ')} }`;
  }
  return value === null ? 'null' : literal(value);
}

/**
 * What a field's entry in test/field-data.ts says the document states of it, as an object literal
 * (the formatter lays it out):
 *
 *   { required: true, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }
 */
export function documentedText(field: FieldSpec): string {
  const { required, schema, says } = documentedField(field);
  return valueText({ ...(required ? { required } : {}), schema, ...(says.length > 0 ? { says } : {}) });
}
