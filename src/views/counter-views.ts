import type { FieldSpec } from '../spec/spec.js';

/** Increments the lost-update test makes: 20 clients, 25 each. */
const INCREMENTS = 500;

/** The field the lost-update test counts in, and where its count starts. */
export interface CounterView {
  name: string;
  start: number;
}

/**
 * The first integer field that is not unique and has room for the test's increments above its
 * lowest value: `quantity` from 0, `pages` from 1. False when there is none; the test then counts
 * the updates through the version alone.
 */
export function counterView(fields: readonly FieldSpec[]): CounterView | false {
  for (const field of fields) {
    if (field.type !== 'integer' || field.unique) continue;
    const start = Math.max(field.min ?? 0, -2_147_483_648);
    if (start + INCREMENTS <= (field.max ?? 2_147_483_647)) return { name: field.name, start };
  }
  return false;
}
