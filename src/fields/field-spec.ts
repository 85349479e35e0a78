/**
 * The entity's fields as data: what the answers file's `fields` array holds and what every
 * template that knows the fields reads. `id`, `version`, the timestamps and who wrote the row
 * (`createdBy`, `updatedBy`, `deletedAt`, `deletedBy`) are the service's own and never listed here.
 */

export const FIELD_TYPES = [
  'string', 'text', 'integer', 'decimal', 'boolean', 'date', 'datetime', 'uuid', 'email', 'enum',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** What every type accepts. */
interface FieldBase<Type extends FieldType, Value> {
  /** camelCase JSON name; the column is its snake_case form. */
  name: string;
  type: Type;
  /**
   * Never null (the column is NOT NULL), and a create must send it unless it has a default.
   * Otherwise the column is nullable: `null` stores none, and in an update clears the field.
   */
  required?: boolean;
  /** A unique index; a duplicate is answered with 409. */
  unique?: boolean;
  /** A plain index, so the list can sort and range-filter by this field. */
  index?: boolean;
  /** Shown in the OpenAPI document. */
  description?: string;
  /**
   * The field's previous name, for `update`: its column is renamed rather than dropped and added
   * again. `update` removes it once the rename migration is written.
   */
  renamedFrom?: string;
  /** Stored when a create leaves the field out (with `required`, the create may leave it out). */
  default?: Value;
  /** The value the OpenAPI document shows; one that passes the field's rules is made up when left out. */
  example?: Value;
}

/**
 * `string` is a varchar (`maxLength` default 255); `text` has no limit unless `maxLength`.
 * `minLength` defaults to 1: an empty string is refused unless `minLength` is 0.
 */
export interface TextFieldSpec extends FieldBase<'string' | 'text', string> {
  minLength?: number;
  maxLength?: number;
  /** A JavaScript regular expression the whole value must match (anchor it with ^ and $). */
  pattern?: string;
}

export interface EmailFieldSpec extends FieldBase<'email', string> {
  maxLength?: number;
}

/** A 32-bit integer. */
export interface IntegerFieldSpec extends FieldBase<'integer', number> {
  min?: number;
  max?: number;
}

/** decimal(precision, scale), a JSON number; more decimals than `scale` are refused, never rounded. */
export interface DecimalFieldSpec extends FieldBase<'decimal', number> {
  precision?: number;
  scale?: number;
  min?: number;
  max?: number;
}

export interface EnumFieldSpec extends FieldBase<'enum', string> {
  values: string[];
}

/** `date` is `YYYY-MM-DD`; `datetime` is ISO 8601, stored as timestamptz and answered in UTC. */
export type PlainFieldSpec =
  | FieldBase<'boolean', boolean>
  | FieldBase<'date', string>
  | FieldBase<'datetime', string>
  | FieldBase<'uuid', string>;

export type FieldSpec = TextFieldSpec | EmailFieldSpec | IntegerFieldSpec | DecimalFieldSpec | EnumFieldSpec | PlainFieldSpec;

/** Every key a field may have, in the order the answers file writes them. */
export const FIELD_KEYS = [
  'name', 'type', 'renamedFrom', 'required', 'unique', 'index', 'values', 'precision', 'scale', 'min', 'max', 'minLength',
  'maxLength', 'pattern', 'default', 'example', 'description',
] as const;

export type FieldKey = (typeof FIELD_KEYS)[number];

/** The modifiers, that is every key but the name and the type. */
export type Modifier = Exclude<FieldKey, 'name' | 'type'>;

/** PostgreSQL's integer (int4). */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** varchar's limit for `string` when no `maxLength` is given, and for `email`. */
export const DEFAULT_STRING_LENGTH = 255;
/** `string` and `text` refuse an empty string unless `minLength` is 0. */
export const DEFAULT_MIN_LENGTH = 1;
/** The largest varchar PostgreSQL accepts. */
export const MAX_VARCHAR_LENGTH = 10_485_760;
export const DEFAULT_PRECISION = 18;
export const DEFAULT_SCALE = 2;
/** PostgreSQL allows more, but a JSON number is only exact to 15 significant digits and beyond 18 nothing fits. */
export const MAX_PRECISION = 18;
/** Significant decimal digits an IEEE double always keeps. */
export const DOUBLE_DIGITS = 15;

/** The fields when none are given: the item every generated service has always had. */
export const DEFAULT_FIELDS: readonly FieldSpec[] = Object.freeze([
  { name: 'name', type: 'string', required: true, minLength: 1, maxLength: 100, example: 'Widget' },
  { name: 'description', type: 'string', minLength: 0, maxLength: 500, example: 'A small widget', description: 'Free text' },
  { name: 'price', type: 'decimal', required: true, precision: 18, scale: 2, min: 0.01, example: 19.99 },
  { name: 'quantity', type: 'integer', required: true, min: 1, example: 3 },
] satisfies FieldSpec[]);

/** Whether a create must send the field: it is required, and has no default to store in its place. */
export function requiredOnCreate(field: FieldSpec): boolean {
  return field.required === true && field.default === undefined;
}

/** The same field with its keys in `FIELD_KEYS` order, so equal specs print as equal JSON. */
export function canonicalField(field: FieldSpec): FieldSpec {
  const source = field as unknown as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of FIELD_KEYS) if (source[key] !== undefined) ordered[key] = source[key];
  return ordered as unknown as FieldSpec;
}

/**
 * The range a decimal field can hold and read back unchanged: at most `precision - scale`
 * integer digits, and no more significant digits in all than a double keeps exactly. (With more
 * than 15 decimals that would leave only leading zeros, so a scale above 15 is refused.)
 *
 *   (18, 2) -> 9_999_999_999_999.99;  (10, 2) -> 99_999_999.99;  (3, 3) -> 0.999;  (18, 15) -> 0.999999999999999
 */
export function decimalBound(precision: number, scale: number): number {
  const integerDigits = Math.min(precision, DOUBLE_DIGITS) - scale;
  return Number((10 ** integerDigits - 10 ** -scale).toFixed(scale));
}
