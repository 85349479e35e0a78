import { fieldValues } from '../values/arbitrary-values.js';
import { documentedText } from './documented-schema.js';
import type { FieldSpec } from '../spec/spec.js';

/** One field's entry in the generated test/field-data.ts, as expressions. */
export interface FieldDataEntry {
  name: string;
  /** Why the valid arbitrary has its form, when that needs saying: a comment above it. */
  validComment: string | undefined;
  /** `fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 10_000 }))` */
  valid: string;
  /** `fc.oneof(nonNumber, ...).filter(notNull)`: an optional field accepts null, so its invalid values never are. */
  invalid: string;
  /** `{ schema: { type: 'integer', minimum: 1, maximum: 10_000, nullable: true } }` */
  documented: string;
}

/** What test/field-data.ts prints: one entry per field, and the imports its expressions need. */
export interface FieldDataView {
  /** fast-check as a value, or only as a type when every expression is a helper of test/value-arbitraries.ts. */
  fcImport: string;
  /** `badText, nonNumber, notNull`: the helpers the entries name, sorted as the formatter sorts them. */
  helpers: string;
  fields: FieldDataEntry[];
}

const oneOf = (alternatives: string[]) => (alternatives.length === 1 ? alternatives[0]! : `fc.oneof(${alternatives.join(', ')})`);

function entry(field: FieldSpec): FieldDataEntry {
  const { valid, special, validComment, invalid } = fieldValues(field);
  return {
    name: field.name,
    validComment,
    valid: oneOf([...special, `${valid.head}${valid.calls.join('')}`]),
    invalid: `${oneOf(invalid)}${field.required ? '' : '.filter(notNull)'}`,
    documented: documentedText(field),
  };
}

/** The test data of each field, for test/field-data.ts. */
export function fieldDataView(specs: readonly FieldSpec[]): FieldDataView {
  const fields = specs.map(entry);
  const helpers = [...new Set(specs.flatMap((field) => fieldValues(field).needs))].sort();
  // An expression that is no helper starts with fc. (a helper is never given one as an argument).
  const callsFc = fields.some(({ valid, invalid }) => valid.startsWith('fc.') || invalid.startsWith('fc.'));
  return {
    fcImport: `import ${callsFc ? '' : 'type '}fc from 'fast-check';`,
    helpers: helpers.join(', '),
    fields,
  };
}
