import { allow, COMMON_MODIFIERS, type FieldOf, type FieldTypeModule } from './field-type.js';
import { lengthBounds, lengthWords, textProblem } from './lengths.js';
import { lengthSpecProblem } from './text.js';

/** Enough to refuse a default that is plainly not an address; the service itself validates with Joi's email(). */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** An email address in a varchar (`maxLength` default 255). */
export const emailType: FieldTypeModule<FieldOf<'email'>> = {
  hint: 'an email address',
  modifiers: [...COMMON_MODIFIERS, 'maxLength'],
  columnType: (field) => `varchar(${lengthBounds(field).max})`,
  knexColumn: (field, column) => `table.string(${column}, ${lengthBounds(field).max})`,
  tsType: () => 'string',
  // Any top-level domain, as format: email in the document says: Joi's own list of them would refuse
  // addresses the document allows, and goes stale as domains are added.
  joi: (field, nullable) => ({ head: 'Joi.string()', calls: ['.email({ tlds: false })', ...allow(nullable), `.maxCharacters(${lengthBounds(field).max})`] }),
  jsonSchema: (field) => ({ type: 'string', format: 'email', maxLength: lengthBounds(field).max }),
  tableRules: lengthWords,
  readmeRule: (field) => `an email address of at most ${lengthBounds(field).max} characters`,
  valueProblem: (field, value) => textProblem(field, value) ?? (EMAIL.test(value as string) ? undefined : 'must be an email address'),
  specProblem: lengthSpecProblem,
  madeUpExample: (field) => ('ada@example.com'.length <= lengthBounds(field).max! ? 'ada@example.com' : 'a@b.co'),
  changeCandidates: (_field, example) => [`updated.${example}`, 'b@b.co'],
};
