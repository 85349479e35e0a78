import { literal, numberLiteral } from '../views/code-text.js';
import { exampleValue } from '../views/joi-views.js';
import { firstValid, LARGEST_N, numberedCandidates } from './numbered-values.js';
import type { FieldSpec } from '../spec/spec.js';

/** A field's value in a load test's request body: a TypeScript expression of `n`, the request's sequence number. */
export interface LoadValue {
  name: string;
  /** TypeScript, e.g. `(n % 10) + 1`. */
  expression: string;
}

/**
 * The sequence numbers a load test reaches: a k6 body numbers (vu - 1) * 1_000_000 + iteration,
 * so a unique field's values, distinct below 100,000,000, do not repeat for up to 100 users.
 */
const SAMPLES = [0, 1, 42, 999_999, 19_999_999, LARGEST_N];

/**
 * A valid value of every field for request `n` of a load test, varied from request to request
 * (see NumberedValue: the values the tests and the bench's fill use too). A field whose rules
 * leave no room to vary keeps its example.
 */
export function loadValues(fields: readonly FieldSpec[]): LoadValue[] {
  return fields.map((field) => {
    const candidates = numberedCandidates(field).filter((candidate) => candidate.code !== undefined);
    const valid = firstValid(field, candidates, SAMPLES);
    const example = exampleValue(field);
    return { name: field.name, expression: valid?.code ?? (typeof example === 'number' ? numberLiteral(example) : literal(example)) };
  });
}
