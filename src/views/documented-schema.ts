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
