import { badRequestExample, exampleLines, requestExamples, valueLiteral } from './openapi-examples.js';
import { readmeCreateBody, readmeFieldRow, readmeNoConversion, readmeRecord } from './readme-views.js';
import { requiredOnCreate, type FieldSpec } from '../fields/field-spec.js';
import { exampleValue } from '../fields/field-values.js';
import { literal } from '../code/code-text.js';
import { fieldLabel } from '../names/field-name.js';

/** What the documentation prints about the fields: the OpenAPI module's examples and the README. */
export interface DocsView {
  /**
   * The OpenAPI module's request examples, one entry each: `full: { summary: 'All fields', value: everyField },`.
   * The full one and the minimal one read the schema's rules, so a field added by hand is in them.
   */
  createExamples: string[];
  /** Whether there is a minimal create example: some fields, not all, must be sent. */
  hasMinimalExample: boolean;
  /** The minimal create body as an object literal: each field a create must send, at its example (`{}` when none must). */
  minimalCreate: string;
  updateExamples: string[];
  /** The create's 400 example, an expression: `"name" is required; "price" is required` as the service words it. */
  badRequestExample: string;
  /**
   * The update's sentence on clearing a field with null, as a string literal naming one of this
   * entity's optional fields; false when every field is required (null clears none).
   */
  clearsWithNull: string | false;
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

/**
 * `"description": null` clears the description.  (one optional field)
 * `null` clears an optional field: `"summary": null` clears the summary.  (several)
 */
function clearsWithNull(fields: readonly FieldSpec[]): string | false {
  const optional = fields.filter((field) => !field.required);
  const [first] = optional;
  if (first === undefined) return false;
  const one = `\`"${first.name}": null\` clears the ${fieldLabel(first.name)}`;
  return literal(optional.length === 1 ? `${one}. ` : `\`null\` clears an optional field: ${one}. `);
}

export function docsView(fields: readonly FieldSpec[], softDelete = false): DocsView {
  const { create, update } = requestExamples(fields);
  return {
    // The examples are each rule's own .example(), which the OpenAPI module reads from the schema.
    createExamples: create.map((example) => exampleLines({ ...example, valueCode: example.key === 'full' ? 'everyField' : 'requiredFields' })),
    hasMinimalExample: create.some((example) => example.key === 'minimal'),
    minimalCreate: `{ ${fields
      .filter(requiredOnCreate)
      .map((field) => `${field.name}: ${valueLiteral(exampleValue(field))}`)
      .join(', ')} }`,
    updateExamples: update.map(exampleLines),
    badRequestExample: badRequestExample(fields),
    clearsWithNull: clearsWithNull(fields),
    readme: {
      record: readmeRecord(fields, softDelete),
      fieldRows: fields.map(readmeFieldRow),
      createBody: readmeCreateBody(fields),
      noConversion: readmeNoConversion(fields),
    },
  };
}
