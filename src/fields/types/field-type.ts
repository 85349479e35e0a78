import type { FieldSpec, Modifier } from '../field-spec.js';

/** The spec of a field of type `T`: `FieldOf<'decimal'>` has a precision and a scale. */
export type FieldOf<T extends FieldSpec['type']> = FieldSpec & { type: T };

/** Joi's builder for a field, as a head and the calls after it: `Joi.number()` and `.integer()`, `.min(1)`. */
export interface JoiChain {
  head: string;
  calls: string[];
}

/** The modifiers every type takes (boolean leaves out unique and index); each module adds its own after them. */
export const COMMON_MODIFIERS = ['required', 'unique', 'index', 'default', 'example', 'description'] as const;

/**
 * What the generator knows of one field type. One module per type implements it and
 * `field-types.ts` holds them together (`satisfies` a record of every type), so a new type is one
 * module, its entry there (with its name and spec shape in field-spec.ts) and its use in the
 * templates: the compiler names every member it must fill in. The optional members are what
 * only some types have.
 */
export interface FieldTypeModule<F extends FieldSpec = FieldSpec> {
  /** What the type is, beside its name in the prompt's list. */
  readonly hint: string;
  /** The modifiers that fit the type (`renamedFrom` fits every type and is not listed). */
  readonly modifiers: readonly Exclude<Modifier, 'renamedFrom'>[];

  // The database

  /** The column's type as PostgreSQL writes it, which a field change compares: `varchar(100)`, `decimal(18, 2)`, `text`. */
  columnType(field: F): string;
  /** The migration's knex column builder, without nullability; `column` is the name as a literal: `table.decimal('price', 18, 2)`. */
  knexColumn(field: F, column: string): string;
  /** Lines of the model's $parseDatabaseJson that bring the driver's value to the JSON one (a NUMERIC comes as text). */
  fromDatabase?(field: F, column: string): string[];
  /** The type a raw query's row holds where it differs from the model's (`string` for NUMERIC). */
  readonly rowType?: string;

  // The service's code and document

  /** The model's property type, without null: `number`, `'draft' | 'published'`. */
  tsType(field: F): string;
  /** Joi's builder for the field's type and bounds; `nullable` is `['null']` where the field may be null. */
  joi(field: F, nullable: string[]): JoiChain;
  /** The schema module's exported constants the Joi rule names (MAX_PRICE, PRICE_SCALE), with their doc comments. */
  constants?(field: F): string[];
  /**
   * The start of the property's description where the type states its range in words: a template
   * literal's text naming the schema module's constants (a decimal's), and a note on the bound.
   */
  rangeDescription?(field: F, own: string | undefined): { rule: string; bound?: string };
  /** The constant the description ends with, inside its last template literal (a date-time's INSTANT_RULE). */
  readonly descriptionEnd?: string;
  /** The property's type, format and bounds in the OpenAPI document, as joi-to-swagger and the OpenAPI module write them. */
  jsonSchema(field: F): Record<string, unknown>;
  /** Words the property's description must hold beside the field's own (a decimal's scale and range). */
  says?(field: F): string[];
  /** The type's rules in short words, for the `--dry-run` fields table: `1 to 100 characters`, `decimal(18,2)`; none for a boolean. */
  tableRules(field: F): string[];
  /** What a value must be, for the README's field table, starting in lower case: "an integer from 1 to 100". */
  readmeRule(field: F): string;

  // Values

  /**
   * Why `value` breaks the field's rules, or undefined when the field accepts it. It checks what
   * the service will check, so a default or an example that passes here passes there.
   */
  valueProblem(field: F, value: unknown): string | undefined;
  /** Why the field's modifiers cannot stand together (bounds out of order or beyond the column), or undefined. */
  specProblem?(field: F): string | undefined;
  /** A value that passes the field's rules, for a field the owner gave neither an example nor a default. */
  madeUpExample(field: F): unknown;
  /** A value as the service answers it, where that differs from what was sent (a date-time in UTC). */
  storedForm?(value: string): string;
  /** Values an update could change the field to from `example`, best first; the first valid one that differs is taken. */
  changeCandidates(field: F, example: unknown): unknown[];
}

/** `.allow(...)` for the values given, or nothing. */
export const allow = (values: string[]): string[] => (values.length === 0 ? [] : [`.allow(${values.join(', ')})`]);
