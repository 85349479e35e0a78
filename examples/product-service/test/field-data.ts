import fc from 'fast-check';

import type { ProductCreate } from '../src/product/product.schema.js';
import { badText, nonNumber, notNull, outside, storableText } from './value-arbitraries.js';

/** The fields a client sends, as the schema declares them: a field added there is added here. */
export type ProductFields = ProductCreate;

/**
 * What the tests know of one field, written once: the property tests draw from `valid` and
 * `invalid` (through arbitraries.ts), and docs.test checks the OpenAPI document against `documented`.
 */
export interface FieldData<Value> {
  /** Values a client sends and reads back unchanged. An optional field's may also be null, which means none on create and clears the field on update. */
  valid: fc.Arbitrary<Value>;
  /** Values the service must refuse with a 400 naming the field; an optional field's are never null (notNull), which it accepts. */
  invalid: fc.Arbitrary<unknown>;
  /**
   * What the document must state of the field in every schema that has it: whether a create
   * requires it, exactly these type, format and bounds keys (a decimal's scale as x-scale, never
   * multipleOf: validators that compute it with doubles refuse 19.99, as 19.99 / 0.01 is not an
   * integer there), and words its description holds. Written out, never read from the schema.
   */
  documented: { required?: true; schema: Record<string, unknown>; says?: string[] };
}

/**
 * Each field's data, in the schema's order (the document's too). The type asks for an entry per
 * field of the schema; declared with it rather than `satisfies`, so that a missing entry is named
 * here alone, not again in each module that reads FIELD_DATA.
 */
export const FIELD_DATA: { [Field in keyof ProductFields]-?: FieldData<ProductFields[Field]> } = {
  name: {
    valid: storableText(1, 100),
    invalid: fc.oneof(fc.constant(''), badText(100)),
    documented: { required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
  },
  description: {
    valid: fc.oneof(fc.constant(''), fc.constant(null), storableText(1, 500)),
    invalid: badText(500).filter(notNull),
    documented: { schema: { type: 'string', maxLength: 500, nullable: true }, says: ['Free text'] },
  },
  price: {
    // Whole hundredths: hundredths / 100 is the double closest to the decimal, exactly what a client sends.
    valid: fc.integer({ min: 1, max: 999_999_999_999_999 }).map((hundredths) => hundredths / 100),
    invalid: fc.oneof(
      nonNumber,
      fc.constantFrom(0, 10_000_000_000_000, 0.015),
      outside(0.01, 9_999_999_999_999.99),
      fc
        .integer({ min: 10, max: 1_000_000_010 })
        .filter((thousandths) => thousandths % 10 !== 0)
        .map((thousandths) => thousandths / 1000),
    ),
    documented: {
      required: true,
      schema: { type: 'number', format: 'double', minimum: 0.01, maximum: 9_999_999_999_999.99, 'x-scale': 2 },
      says: ['at most 2 decimals', 'from 0.01 to 9999999999999.99'],
    },
  },
  quantity: {
    valid: fc.integer({ min: 1, max: 2_147_483_647 }),
    invalid: fc.oneof(
      nonNumber,
      fc.constantFrom(0, 2_147_483_648, 1.5),
      outside(1, 2_147_483_647),
      fc.double({ min: 1, max: 2_147_483_647, noNaN: true }).filter((value) => !Number.isInteger(value)),
    ),
    documented: { required: true, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  },
};
