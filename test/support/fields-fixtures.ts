import type { FieldSpec } from '../../src/fields/field-spec.js';

/** A field of every type, with every modifier that type takes somewhere in the list. */
export const EVERY_TYPE: FieldSpec[] = [
  { name: 'title', type: 'string', required: true, minLength: 2, maxLength: 200, pattern: '^\\S.*$', example: 'A title', description: 'The title as printed.' },
  { name: 'isbn', type: 'string', unique: true, pattern: '^[0-9-]{10,17}$', example: '978-0-13-468599-1' },
  { name: 'summary', type: 'text', minLength: 0, default: '' },
  { name: 'pages', type: 'integer', index: true, min: 1, max: 10_000, default: 100, example: 320 },
  { name: 'unitPrice', type: 'decimal', precision: 10, scale: 2, min: 0, max: 99_999_999.99, default: 9.99 },
  { name: 'available', type: 'boolean', default: true },
  { name: 'published', type: 'date', index: true, default: '2026-01-31' },
  { name: 'lastCheckedAt', type: 'datetime', default: '2026-01-01T12:00:00.000Z' },
  { name: 'catalogId', type: 'uuid', unique: true },
  { name: 'contact', type: 'email', maxLength: 120, default: 'books@example.com' },
  { name: 'format', type: 'enum', values: ['hardcover', 'paperback', 'ebook'], default: 'paperback' },
];

/**
 * EVERY_TYPE plus required fields of the types it has only optional, and required fields with a
 * default (never null, left out on create): the catalog-entry service that the root run generates
 * and tests end to end has every type and every modifier, required or not.
 */
export const EVERY_TYPE_AND_MODIFIER: FieldSpec[] = [
  ...EVERY_TYPE,
  { name: 'edition', type: 'integer', required: true, min: 1, max: 99, example: 2 },
  { name: 'weightKg', type: 'decimal', required: true, precision: 6, scale: 3, min: 0.001, max: 999.999, example: 0.45 },
  { name: 'audience', type: 'enum', required: true, values: ['children', 'adults'], example: 'adults' },
  { name: 'releasedOn', type: 'date', required: true, unique: true, example: '2026-03-01' },
  { name: 'notes', type: 'text', maxLength: 2_000 },
  // Indexed text as long as an index entry holds, with no pattern: prefix filters on any text.
  { name: 'handle', type: 'string', index: true, maxLength: 600 },
  // Indexed text one UTF-16 unit long: a prefix filter's tests must fit within it too.
  { name: 'grade', type: 'string', index: true, maxLength: 1 },
  { name: 'status', type: 'enum', required: true, values: ['draft', 'published'], default: 'draft' },
  { name: 'listed', type: 'boolean', required: true, default: false },
];

/** A code with a format, unique and required: every numbered body the tests send needs its own that matches. */
export const MEMBER_CODE: FieldSpec = {
  name: 'memberCode',
  type: 'string',
  required: true,
  unique: true,
  maxLength: 8,
  pattern: '^[A-Z]{3}-[0-9]{4}$',
  example: 'ABC-1234',
};

/** The membership service: a member code first, then every type and modifier. */
export const MEMBERSHIP: FieldSpec[] = [MEMBER_CODE, ...EVERY_TYPE_AND_MODIFIER];

/** An invoice a tenant keeps: a number unique within the tenant, a customer to sort and filter by. */
export const INVOICE: FieldSpec[] = [
  { name: 'number', type: 'string', required: true, unique: true, maxLength: 20, example: 'INV-0001' },
  { name: 'customer', type: 'string', required: true, index: true, maxLength: 100, example: 'Acme' },
  { name: 'amount', type: 'decimal', required: true, min: 0, example: 120.5 },
  { name: 'dueOn', type: 'date', example: '2027-01-31' },
];

/** The same without the code's example: the generator makes one from the pattern. */
export const MEMBERSHIP_WITHOUT_EXAMPLE: FieldSpec[] = [{ ...MEMBER_CODE, example: undefined }, ...EVERY_TYPE_AND_MODIFIER].map((field) =>
  JSON.parse(JSON.stringify(field)),
);

/** The error message a throwing call gives, or "accepted". */
export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}
