import { badRequestExample, exampleLines, requestExamples } from './openapi-examples.js';
import { readmeCreateBody, readmeFieldRow, readmeNoConversion, readmeRecord } from './readme-views.js';
import type { FieldSpec } from '../fields/field-spec.js';

/** What the documentation prints about the fields: the OpenAPI module's examples and the README. */
export interface DocsView {
  /**
   * The OpenAPI module's request examples, one entry each: `full: { summary: 'All fields', value: everyField },`.
   * The full one and the minimal one read the schema's rules, so a field added by hand is in them.
   */
  createExamples: string[];
  /** Whether there is a minimal create example: some fields, not all, must be sent. */
  hasMinimalExample: boolean;
  updateExamples: string[];
  /** The responses module's 400 example, an expression: `"name" is required; "price" is required` as the service words it. */
  badRequestExample: string;
  readme: {
    /** A stored record as JSON, wrapped. */
    record: string;
    /** The field table's rows. */
    fieldRows: string[];
    /** The curl example's create body, shell-quoted. */
    createBody: string;
    /** The sentence on conversion, with this entity's values. */
    noConversion: string;
  };
}

export function docsView(fields: readonly FieldSpec[], softDelete = false): DocsView {
  const { create, update } = requestExamples(fields);
  return {
    // The examples are each rule's own .example(), which the OpenAPI module reads from the schema.
    createExamples: create.map((example) => exampleLines({ ...example, valueCode: example.key === 'full' ? 'everyField' : 'requiredFields' })),
    hasMinimalExample: create.some((example) => example.key === 'minimal'),
    updateExamples: update.map(exampleLines),
    badRequestExample: badRequestExample(fields),
    readme: {
      record: readmeRecord(fields, softDelete),
      fieldRows: fields.map(readmeFieldRow),
      createBody: readmeCreateBody(fields),
      noConversion: readmeNoConversion(fields),
    },
  };
}
