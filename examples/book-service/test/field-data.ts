import fc from 'fast-check';

import type { BookCreate } from '../src/book/book.schema.js';
import { badDate, badText, calendarDay, nonBoolean, nonNumber, notNull, notOneOf, outside, storableText } from './value-arbitraries.js';

/** The fields a client sends, as the schema declares them: a field added there is added here. */
export type BookFields = BookCreate;

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
export const FIELD_DATA: { [Field in keyof BookFields]-?: FieldData<BookFields[Field]> } = {
  title: {
    valid: storableText(1, 200),
    invalid: fc.oneof(fc.constant(''), badText(200)),
    documented: { required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } },
  },
  isbn: {
    valid: fc.stringMatching(/^[0-9-]{10,17}$/).filter((text) => text.length >= 1 && text.length <= 255),
    invalid: fc.oneof(
      fc.constant(''),
      badText(255),
      fc.string({ minLength: 1, maxLength: 21 }).filter((text) => !/^[0-9-]{10,17}$/.test(text)),
    ),
    documented: { required: true, schema: { type: 'string', pattern: '^[0-9-]{10,17}$', minLength: 1, maxLength: 255 } },
  },
  pages: {
    valid: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 2_147_483_647 })),
    invalid: fc
      .oneof(
        nonNumber,
        fc.constantFrom(0, 2_147_483_648, 1.5),
        outside(1, 2_147_483_647),
        fc.double({ min: 1, max: 2_147_483_647, noNaN: true }).filter((value) => !Number.isInteger(value)),
      )
      .filter(notNull),
    documented: { schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647, nullable: true } },
  },
  price: {
    // Whole hundredths: hundredths / 100 is the double closest to the decimal, exactly what a client sends.
    valid: fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 9_999_999_999 }).map((hundredths) => hundredths / 100),
    ),
    invalid: fc
      .oneof(
        nonNumber,
        fc.constantFrom(-0.01, 100_000_000, 0.005),
        outside(0, 99_999_999.99),
        fc
          .integer({ min: 0, max: 1_000_000_000 })
          .filter((thousandths) => thousandths % 10 !== 0)
          .map((thousandths) => thousandths / 1000),
      )
      .filter(notNull),
    documented: {
      schema: { type: 'number', format: 'double', minimum: 0, maximum: 99_999_999.99, 'x-scale': 2, nullable: true },
      says: ['at most 2 decimals', 'from 0 to 99999999.99'],
    },
  },
  format: {
    valid: fc.oneof(fc.constant(null), fc.constantFrom('hardcover', 'paperback', 'ebook')),
    invalid: notOneOf(['hardcover', 'paperback', 'ebook']).filter(notNull),
    documented: { schema: { type: 'string', enum: ['hardcover', 'paperback', 'ebook', null], nullable: true } },
  },
  published: {
    valid: fc.oneof(fc.constant(null), calendarDay),
    invalid: badDate.filter(notNull),
    documented: { schema: { type: 'string', format: 'date', nullable: true } },
  },
  available: {
    valid: fc.oneof(fc.constant(null), fc.boolean()),
    invalid: nonBoolean.filter(notNull),
    documented: { schema: { type: 'boolean', nullable: true } },
  },
};
