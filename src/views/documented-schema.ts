import { literal, numberLiteral } from './code-text.js';
import { acceptsEmpty, DATETIME, lengthBounds, numberBounds, UUID } from '../values/field-values.js';
import { DEFAULT_SCALE, requiredOnCreate, type FieldSpec } from '../spec/spec.js';

/** What the OpenAPI document must state of one field in each schema that has it, from the spec alone. */
export interface DocumentedField {
  /** Required on create (a required field with a default may be left out). */
  required: boolean;
  /** The property's type, format and bounds keys: exactly these, so a key more (multipleOf) is a difference too. */
  schema: Record<string, unknown>;
  /** Words its description must hold: the spec's own description, a decimal's scale and range. */
  says: string[];
}

/** The type and format a field has in JSON Schema, as joi-to-swagger and the OpenAPI module write them. */
function typeAndFormat(field: FieldSpec): Record<string, unknown> {
  switch (field.type) {
    case 'string':
    case 'text':
    case 'enum':
      return { type: 'string' };
    case 'email':
      return { type: 'string', format: 'email' };
    case 'integer':
      return { type: 'integer' };
    case 'decimal':
      return { type: 'number', format: 'double' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time', pattern: DATETIME.source };
    case 'uuid':
      // format: uuid alone allows capitals (RFC 9562 reads hex digits in either case), which the service refuses.
      return { type: 'string', format: 'uuid', pattern: UUID.source, minLength: 36, maxLength: 36 };
  }
}

/** The bounds and values a field's property states. */
function rules(field: FieldSpec): Record<string, unknown> {
  const nullable = field.required ? [] : [null];
  switch (field.type) {
    case 'string':
    case 'text': {
      const { min, max } = lengthBounds(field);
      return {
        // RegExp's source is what the schema module's /literal/ holds: a slash escaped.
        ...(field.pattern === undefined ? {} : { pattern: new RegExp(field.pattern).source }),
        // Joi refuses the empty text unless it is allowed: the document says so as minLength 1.
        ...(min > 0 ? { minLength: min } : acceptsEmpty(field) ? {} : { minLength: 1 }),
        ...(max === undefined ? {} : { maxLength: max }),
      };
    }
    case 'email':
      return { maxLength: lengthBounds(field).max };
    case 'integer':
      return { minimum: numberBounds(field).min, maximum: numberBounds(field).max };
    case 'decimal':
      return { minimum: numberBounds(field).min, maximum: numberBounds(field).max, 'x-scale': field.scale ?? DEFAULT_SCALE };
    case 'enum':
      return { enum: [...field.values, ...nullable] };
    default:
      return {};
  }
}

export function documentedField(field: FieldSpec): DocumentedField {
  const says = field.description === undefined ? [] : [field.description.replace(/\.$/, '')];
  if (field.type === 'decimal') {
    const { min, max } = numberBounds(field);
    says.push(`at most ${field.scale ?? DEFAULT_SCALE} decimals`, `from ${min} to ${max}`);
  }
  if (field.type === 'datetime') says.push('an offset of up to 23:59 either way', 'years 0001-9999 both as written and in UTC');
  return {
    required: requiredOnCreate(field),
    schema: { ...typeAndFormat(field), ...rules(field), ...(field.required ? {} : { nullable: true }) },
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
