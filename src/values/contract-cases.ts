import { lengthBounds, numberBounds, valueProblem } from './field-values.js';
import { exampleValue } from '../views/joi-views.js';
import { DEFAULT_SCALE, requiredOnCreate, type FieldSpec } from '../spec/spec.js';

/**
 * What the contract tests send for one field, from its rules: values it accepts (each read back
 * unchanged), values it accepts and answers in another form (a datetime, in UTC), and values it
 * refuses with the problem the 400 names, worded as Joi words it.
 *
 *   pages (integer, 1 to 10000): accepts 320, 1, 10000, null; refuses 0 ("pages" must be greater
 *   than or equal to 1), 10001, 320.5, '320'
 */
export interface FieldCases {
  field: string;
  /** A create must send it (required, without a default). */
  required: boolean;
  unique: boolean;
  /** What a create that leaves the field out stores: its default, else null. Unused when a create must send it. */
  whenAbsent: unknown;
  accepts: unknown[];
  acceptsAs: [unknown, unknown][];
  refuses: [unknown, string][];
}

/** The JSON body limit is 16kb: a longer text could not reach the schema. */
export const MAX_SENT_LENGTH = 15_000;
/** A text field without maxLength accepts one this long. */
const LONG_TEXT = 10_000;
/** Joi's email() refuses a longer address, whatever the field's maxLength. */
const MAX_EMAIL_LENGTH = 254;

/** The value a field's example reads back as: datetimes in UTC with milliseconds, uuids in lower case. */
export function storedForm(field: FieldSpec, value: unknown): unknown {
  if (field.type === 'datetime' && typeof value === 'string') return new Date(value).toISOString();
  if (field.type === 'uuid' && typeof value === 'string') return value.toLowerCase();
  return value;
}

/** The field's example as it reads back, so a body built from examples reads back equal. */
export const storedExample = (field: FieldSpec) => storedForm(field, exampleValue(field));

/** A string of this length that the field accepts, made of one letter where the pattern allows. */
function textOfLength(field: FieldSpec, length: number): string | undefined {
  const example = String(exampleValue(field));
  const letter = field.name.charAt(0).toLowerCase();
  const candidates = [letter.repeat(length), 'x'.repeat(length), '1'.repeat(length), example.repeat(length).slice(0, length)];
  return candidates.find((text) => valueProblem(field, text) === undefined);
}

/** A valid address of exactly this length: 'a'.repeat(64) + '@' + 'b'... + '.com'. */
export function emailOfLength(length: number): string | undefined {
  if (length < 'a@b.com'.length) return undefined;
  const local = 'a'.repeat(Math.min(64, length - 6));
  let remaining = length - local.length - 1 - '.com'.length;
  const labels: string[] = [];
  while (remaining > 63) {
    const take = Math.min(63, remaining - 2);
    labels.push('b'.repeat(take));
    remaining -= take + 1;
  }
  labels.push('b'.repeat(remaining));
  return `${local}@${labels.join('.')}.com`;
}

const unique = <T>(values: T[]) => values.filter((value, i) => values.findIndex((other) => Object.is(other, value)) === i);

function textCases(field: FieldSpec & { type: 'string' | 'text' }, say: (text: string) => string): Pick<FieldCases, 'accepts' | 'refuses'> {
  const { min, max } = lengthBounds(field);
  const example = String(exampleValue(field));
  const accepts: unknown[] = [example, textOfLength(field, min)];
  const refuses: [unknown, string][] = [];
  if (min > 0) refuses.push(min === 1 ? ['', say('is not allowed to be empty')] : ['x'.repeat(min - 1), say(`length must be at least ${min} characters long`)]);
  if (max !== undefined && max <= MAX_SENT_LENGTH) {
    accepts.push(textOfLength(field, max));
    const longest = textOfLength(field, max) ?? 'x'.repeat(max);
    refuses.push([longest + longest.slice(-1), say(`length must be less than or equal to ${max} characters long`)]);
  }
  // A text without maxLength is no varchar: a long one (as long as a request body carries) is stored whole.
  if (max === undefined) accepts.push(textOfLength(field, LONG_TEXT));
  if (field.pattern !== undefined) {
    const pattern = new RegExp(field.pattern);
    const fits = (text: string) => text.length >= min && (max === undefined || text.length <= max);
    const mismatch = [` ${example}`, `!${example}`, `${example}!`, example.slice(1), `${example.slice(0, -1)} `].find(
      (text) => fits(text) && !pattern.test(text),
    );
    if (mismatch !== undefined) refuses.push([mismatch, say(`with value "${mismatch}" fails to match the required pattern: ${pattern}`)]);
  }
  const storable = say('must not contain NUL characters or unpaired surrogates');
  const head = max !== undefined && example.length >= max ? example.slice(0, max - 1) : example;
  refuses.push([`${head}\u0000`, storable], [`${head}\ud800`, storable], [5, say('must be a string')]);
  return { accepts, refuses };
}

function numberCases(field: FieldSpec & { type: 'integer' | 'decimal' }, say: (text: string) => string): Pick<FieldCases, 'accepts' | 'refuses'> {
  const { min, max } = numberBounds(field);
  const scale = field.type === 'decimal' ? (field.scale ?? DEFAULT_SCALE) : 0;
  const step = 10 ** -scale;
  const fixed = (value: number) => Number(value.toFixed(scale));
  const example = exampleValue(field) as number;
  const accepts: unknown[] = [example, min, max];
  const refuses: [unknown, string][] = [
    [fixed(min - step), say(`must be greater than or equal to ${min}`)],
    [fixed(max + step), say(`must be less than or equal to ${max}`)],
  ];
  // A value with one decimal more than the column keeps: refused, never rounded.
  const finer = [example + step / 2, example - step / 2].map((value) => Number(value.toFixed(scale + 1))).find((value) => value >= min && value <= max);
  if (field.type === 'integer') {
    if (finer !== undefined) refuses.push([finer, say('must be an integer')]);
  } else {
    const exact = [Number(`1.${'1'.repeat(scale)}`), min + step, max - step].map(fixed).find((value) => value >= min && value <= max && value !== example);
    if (scale > 0 && exact !== undefined) accepts.push(exact);
    if (finer !== undefined) refuses.push([finer, say(`must have no more than ${scale} decimal places`)]);
  }
  refuses.push([String(example), say('must be a number')]);
  return { accepts, refuses };
}

function dateCases(field: FieldSpec, say: (text: string) => string): Pick<FieldCases, 'accepts' | 'acceptsAs' | 'refuses'> {
  const example = storedExample(field) as string;
  if (field.type === 'date') {
    return {
      accepts: [example, '2028-02-29'],
      acceptsAs: [],
      refuses: [
        ['2026-02-30', say('must be a date the calendar has')],
        ['2026-1-31', say('with value "2026-1-31" fails to match the YYYY-MM-DD pattern')],
        [20_260_131, say('must be a string')],
      ],
    };
  }
  return {
    accepts: [example, '2028-02-29T23:59:59.999Z'],
    // Instants of their own, apart from the example's: a unique field stores each of them.
    acceptsAs: [
      ['2026-01-02T14:00:00+02:00', '2026-01-02T12:00:00.000Z'],
      ['2026-01-03T12:00:00Z', '2026-01-03T12:00:00.000Z'],
    ],
    refuses: [
      ['2026-01-01T12:00:00', say('with value "2026-01-01T12:00:00" fails to match the date-time with a time zone pattern')],
      ['2026-02-30T12:00:00Z', say('must be a date the calendar has')],
      ['yesterday', say('must be in iso format')],
      // PostgreSQL refuses offsets beyond 15:59; an instant past 9999 in UTC would read back as +010000-....
      ['2026-01-01T00:00:00+16:00', say('must have a UTC offset of at most 14:00 either way')],
      ['9999-12-31T23:30:00-00:45', say('must fall from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC')],
      [Date.parse(example), say('must be a string')],
    ],
  };
}

function emailCases(field: FieldSpec, say: (text: string) => string): Pick<FieldCases, 'accepts' | 'refuses'> {
  const max = lengthBounds(field).max!;
  const longest = Math.min(max, MAX_EMAIL_LENGTH);
  return {
    // A top-level domain no list holds: format: email allows any (Joi's own list refused it).
    accepts: [exampleValue(field), emailOfLength(longest), ...('ada@example.zz'.length <= max ? ['ada@example.zz'] : [])],
    refuses: [
      ['not-an-email', say('must be a valid email')],
      ['ada@', say('must be a valid email')],
      [emailOfLength(max + 1) ?? 'a@b.co'.padStart(max + 1, 'a'), say(`length must be less than or equal to ${max} characters long`)],
      ['', say('is not allowed to be empty')],
      [5, say('must be a string')],
    ],
  };
}

/** The accepted, converted and refused values of one field. */
export function fieldCases(field: FieldSpec): FieldCases {
  const say = (text: string) => `"${field.name}" ${text}`;
  let cases: Pick<FieldCases, 'accepts' | 'refuses'> & Partial<Pick<FieldCases, 'acceptsAs'>>;
  let nullRefusal = say('must be a string');
  switch (field.type) {
    case 'string':
    case 'text':
      cases = textCases(field, say);
      break;
    case 'integer':
    case 'decimal':
      cases = numberCases(field, say);
      nullRefusal = say('must be a number');
      break;
    case 'boolean':
      cases = { accepts: [true, false], refuses: [['yes', say('must be a boolean')], [1, say('must be a boolean')]] };
      nullRefusal = say('must be a boolean');
      break;
    case 'date':
    case 'datetime':
      cases = dateCases(field, say);
      break;
    case 'uuid':
      cases = {
        accepts: [storedExample(field)],
        refuses: [
          ['not-a-uuid', say('must be a valid GUID')],
          // Capitals: the document's pattern refuses them too (format: uuid alone would allow them).
          ['0B5D8F3E-8B2A-4C1E-9F6D-2A7C4E1B9D30', say('must only contain lowercase characters')],
          [5, say('must be a string')],
        ],
      };
      break;
    case 'email':
      cases = emailCases(field, say);
      break;
    case 'enum': {
      // Joi words a single allowed value as "must be [x]".
      const only = (values: string[]) => (values.length === 1 ? `must be [${values[0]}]` : `must be one of [${values.join(', ')}]`);
      const valids = only([...field.values, ...(field.required ? [] : ['null'])]);
      const outside = [field.values[0]!.toUpperCase(), `${field.values[0]}s`, 'other'].find((value) => !field.values.includes(value))!;
      cases = { accepts: [...field.values], refuses: [[outside, say(valids)], [5, say(valids)]] };
      nullRefusal = say(only(field.values));
      break;
    }
  }
  // A required field is never null; an optional one stores null as sent, and an update's null clears it.
  const nullable = field.required !== true;
  const mustSend = requiredOnCreate(field);
  return {
    field: field.name,
    required: mustSend,
    unique: field.unique === true,
    whenAbsent: mustSend ? undefined : (storedForm(field, field.default) ?? null),
    accepts: unique([...cases.accepts.filter((value) => value !== undefined), ...(nullable ? [null] : [])]),
    acceptsAs: cases.acceptsAs ?? [],
    refuses: nullable ? cases.refuses : [...cases.refuses, [null, nullRefusal]],
  };
}
