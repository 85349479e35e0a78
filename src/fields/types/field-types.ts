import type { FieldSpec, FieldType } from '../field-spec.js';
import { booleanType } from './boolean.js';
import { dateType } from './date.js';
import { datetimeType } from './datetime.js';
import { decimalType } from './decimal.js';
import { emailType } from './email.js';
import { enumType } from './enum.js';
import type { FieldOf, FieldTypeModule } from './field-type.js';
import { integerType } from './integer.js';
import { stringType, textFieldType } from './text.js';
import { uuidType } from './uuid.js';

/** Every field type's module: a type missing here, or a member missing from its module, is a compile error. */
const FIELD_TYPE_MODULES = {
  string: stringType,
  text: textFieldType,
  integer: integerType,
  decimal: decimalType,
  boolean: booleanType,
  date: dateType,
  datetime: datetimeType,
  uuid: uuidType,
  email: emailType,
  enum: enumType,
} satisfies { [T in FieldType]: FieldTypeModule<FieldOf<T>> };

/** The module of the field's type, which every per-type question goes to. */
export function fieldType(field: FieldSpec): FieldTypeModule {
  return FIELD_TYPE_MODULES[field.type] as FieldTypeModule;
}

/** The module of a type by its name. */
export function typeModule(type: FieldType): FieldTypeModule {
  return FIELD_TYPE_MODULES[type] as FieldTypeModule;
}
