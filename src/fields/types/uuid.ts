import { allow, COMMON_MODIFIERS, type FieldOf, type FieldTypeModule } from './field-type.js';

/** A UUID as the service takes and answers it: lower-case hex with hyphens, the form PostgreSQL answers. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID, in the canonical form only. */
export const uuidType: FieldTypeModule<FieldOf<'uuid'>> = {
  hint: 'a UUID',
  modifiers: COMMON_MODIFIERS,
  columnType: () => 'uuid',
  knexColumn: (_field, column) => `table.uuid(${column})`,
  tsType: () => 'string',
  // Only the canonical form: PostgreSQL would answer braces, no hyphens or capitals in it, not as sent.
  joi: (_field, nullable) => ({ head: 'Joi.string()', calls: [".guid({ separator: '-' })", '.lowercase()', '.length(36)', ...allow(nullable)] }),
  // format: uuid alone allows capitals (RFC 9562 reads hex digits in either case), which the service refuses.
  jsonSchema: () => ({ type: 'string', format: 'uuid', pattern: UUID.source, minLength: 36, maxLength: 36 }),
  tableRules: () => [],
  readmeRule: () => 'a UUID in lower case',
  valueProblem: (_field, value) => (typeof value === 'string' && UUID.test(value) ? undefined : 'must be a UUID'),
  madeUpExample: () => '0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30',
  storedForm: (value) => value.toLowerCase(),
  changeCandidates: (_field, example) => [`${String(example).slice(0, -1)}${String(example).endsWith('0') ? '1' : '0'}`],
};
