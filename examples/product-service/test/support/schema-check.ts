import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';

import type { Schema } from './schema-values.js';

// OpenAPI 3.0's dialect of JSON Schema: Ajv knows `nullable`, and ignores `example` and the `x-`
// keywords (strict off). A length counts characters, as JSON Schema says and the service does (an
// emoji is one); a pattern is read as the service's Joi reads it, without the u flag.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
// The formats the document states and a client relies on; an email and a uuid carry their own
// rules beside the format (maxLength, pattern), and `double` is any JSON number.
// A CommonJS module: under NodeNext its plugin is what TypeScript calls its default export's `default`.
ajvFormats.default(ajv, ['date', 'date-time']);
for (const format of ['email', 'uuid', 'double']) ajv.addFormat(format, true);

/**
 * What in `value` breaks `schema` (an OpenAPI 3.0 schema, dereferenced), as readable lines; empty
 * when it conforms: what a generated client relies on when it reads an answer.
 */
export function schemaProblems(schema: Schema, value: unknown, at = 'body'): string[] {
  const validate = ajv.compile(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(({ instancePath, message, params }) => {
    const key = 'additionalProperty' in params ? ` (${params.additionalProperty})` : '';
    return `${at}${instancePath.replaceAll('/', '.')} ${message}${key}`;
  });
}
