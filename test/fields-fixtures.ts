import type { FieldSpec } from '../src/fields/spec.js';

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

/** The error message a throwing call gives, or "accepted". */
export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}
