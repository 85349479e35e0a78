import { literal, numberLiteral } from '../views/code-text.js';
import { acceptsEmpty, lengthBounds, numberBounds } from './field-values.js';
import { DEFAULT_SCALE, type FieldSpec } from '../spec/spec.js';

/**
 * The fast-check expressions of one field for its entry in the generated test/field-data.ts: the
 * values the service must accept and store unchanged, and the values it must refuse with a 400
 * naming the field. They name helpers of test/value-arbitraries.ts (storableText, badText, ...);
 * `needs` says which.
 */
export interface FieldValues {
  /** The valid arbitrary as a head and chained calls: `fc.integer({ min: 1, max: 10_000 })`. */
  valid: { head: string; calls: string[] };
  /** Values worth trying as often as all the others, such as `fc.constant(null)`: the arbitrary is then a oneof. */
  special: string[];
  /** A doc comment for the valid arbitrary, when its form needs one. */
  validComment: string | undefined;
  /** Alternatives of the invalid arbitrary, each refused on its own. */
  invalid: string[];
  /** The helpers of test/value-arbitraries.ts these expressions name, to import. */
  needs: Helper[];
}

export type Helper =
  | 'storableText' | 'nonNumber' | 'nonBoolean' | 'badText' | 'outside' | 'calendarDay' | 'instant' | 'badDate' | 'badInstant'
  | 'badUuid' | 'badEmail' | 'notOneOf' | 'notNull';

/** Longest text generated for a `text` field without `maxLength`. */
export const UNBOUNDED_TEXT_SAMPLE = 1_000;

/** The regular expression literal of a pattern, as the schema module writes it. */
export function regexLiteral(pattern: string): string {
  return `/${pattern.replace(/(?<!\\)\//g, '\\/')}/`;
}

/** Characters a pattern usually refuses somewhere; see textValues. */
const PROBES = [' ', '!', '0', 'a', 'A', '-', '~', '.'];

/** What a field of `scale` decimals counts in: whole hundredths for 2. */
const UNIT_NAMES = ['units', 'tenths', 'hundredths', 'thousandths'];

/** A bound of a decimal field in whole units of 10^-scale, rounded inwards. */
function wholeUnits(value: number, scale: number, round: (value: number) => number): number {
  return round(Number((value * 10 ** scale).toFixed(6)));
}

/**
 * stringMatching's size for texts of at least `min` characters: at its default a repetition stays
 * near ten characters, so a length filter from 50 up would never find a value and never return.
 */
function matchSize(min: number): string {
  if (min <= 8) return '';
  return `, { size: '${min <= 80 ? 'medium' : min <= 800 ? 'large' : 'xlarge'}' }`;
}

function textValues(field: FieldSpec & { type: 'string' | 'text' }): FieldValues {
  const { min, max } = lengthBounds(field);
  const upper = max ?? UNBOUNDED_TEXT_SAMPLE;
  const invalid: string[] = [];
  if (min > 0) invalid.push(min === 1 ? "fc.constant('')" : `fc.string({ maxLength: ${min - 1} })`);
  invalid.push(`badText(${max === undefined ? '' : numberLiteral(max)})`);
  if (field.pattern !== undefined) {
    const regex = regexLiteral(field.pattern);
    const pattern = new RegExp(field.pattern);
    // Random strings that miss the pattern, when plain probes show such strings are common enough to find.
    const missable = PROBES.some((probe) => !pattern.test(probe.repeat(Math.max(min, 1))));
    return {
      valid: { head: `fc.stringMatching(${regex}${matchSize(min)})`, calls: [`.filter((text) => text.length >= ${min} && text.length <= ${numberLiteral(upper)})`] },
      special: acceptsEmpty(field) ? ["fc.constant('')"] : [],
      validComment: undefined,
      invalid: missable
        ? [...invalid, `fc.string({ minLength: ${Math.max(min, 1)}, maxLength: ${Math.min(upper, Math.max(min, 1) + 20)} }).filter((text) => !${regex}.test(text))`]
        : invalid,
      needs: ['badText'],
    };
  }
  const valid = { head: `storableText(${Math.max(min, 1)}, ${numberLiteral(upper)})`, calls: [] };
  const comment = max === undefined ? `Up to ${numberLiteral(upper)} characters here; the column has no limit.` : undefined;
  return { valid, special: min === 0 ? ["fc.constant('')"] : [], validComment: comment, invalid, needs: ['storableText', 'badText'] };
}

function integerValues(field: FieldSpec): FieldValues {
  const { min, max } = numberBounds(field);
  const [low, high] = [numberLiteral(min), numberLiteral(max)];
  return {
    valid: { head: `fc.integer({ min: ${low}, max: ${high} })`, calls: [] },
    special: [],
    validComment: undefined,
    invalid: [
      'nonNumber',
      `fc.constantFrom(${numberLiteral(min - 1)}, ${numberLiteral(max + 1)}, ${numberLiteral(min + 0.5)})`,
      `outside(${low}, ${high})`,
      // A fraction between the bounds, where there is room for one: a filter with nothing to find would never end.
      ...(max > min ? [`fc.double({ min: ${low}, max: ${high}, noNaN: true }).filter((value) => !Number.isInteger(value))`] : []),
    ],
    needs: ['nonNumber', 'outside'],
  };
}

function decimalValues(field: FieldSpec & { type: 'decimal' }): FieldValues {
  const { min, max } = numberBounds(field);
  const scale = field.scale ?? DEFAULT_SCALE;
  const [low, high] = [numberLiteral(min), numberLiteral(max)];
  const units = UNIT_NAMES[scale] ?? 'units';
  const finer = UNIT_NAMES[scale + 1] ?? 'units';
  const [minUnits, maxUnits] = [wholeUnits(min, scale, Math.ceil), wholeUnits(max, scale, Math.floor)];
  const step = 10 ** -scale;
  // One decimal too many, within the bounds (and few enough digits that the double prints them all).
  const finerMin = minUnits * 10;
  const finerMax = Math.min(maxUnits * 10, finerMin + 1_000_000_000);
  const invalid = [
    'nonNumber',
    `fc.constantFrom(${[min - step, max + step, min + step / 2].map((value) => numberLiteral(Number(value.toFixed(scale + 1)))).join(', ')})`,
    `outside(${low}, ${high})`,
    // As for integers: only where the bounds leave room for a finer value.
    ...(finerMax > finerMin
      ? [
          `fc.integer({ min: ${numberLiteral(finerMin)}, max: ${numberLiteral(finerMax)} })` +
            `.filter((${finer}) => ${finer} % 10 !== 0).map((${finer}) => ${finer} / ${numberLiteral(10 ** (scale + 1))})`,
        ]
      : []),
  ];
  if (scale === 0) {
    return { valid: { head: `fc.integer({ min: ${low}, max: ${high} })`, calls: [] }, special: [], validComment: undefined, invalid, needs: ['nonNumber', 'outside'] };
  }
  return {
    valid: {
      head: `fc.integer({ min: ${numberLiteral(minUnits)}, max: ${numberLiteral(maxUnits)} })`,
      calls: [`.map((${units}) => ${units} / ${numberLiteral(10 ** scale)})`],
    },
    special: [],
    validComment: `Whole ${units}: ${units} / ${numberLiteral(10 ** scale)} is the double closest to the decimal, exactly what a client sends.`,
    invalid,
    needs: ['nonNumber', 'outside'],
  };
}

/** The field's arbitraries, before an optional field's null is added. */
function typeValues(field: FieldSpec): FieldValues {
  switch (field.type) {
    case 'string':
    case 'text':
      return textValues(field);
    case 'integer':
      return integerValues(field);
    case 'decimal':
      return decimalValues(field);
    case 'boolean':
      return { valid: { head: 'fc.boolean()', calls: [] }, special: [], validComment: undefined, invalid: ['nonBoolean'], needs: ['nonBoolean'] };
    case 'date':
      return { valid: { head: 'calendarDay', calls: [] }, special: [], validComment: undefined, invalid: ['badDate'], needs: ['calendarDay', 'badDate'] };
    case 'datetime':
      return { valid: { head: 'instant', calls: [] }, special: [], validComment: undefined, invalid: ['badInstant'], needs: ['instant', 'badInstant'] };
    case 'uuid':
      return { valid: { head: 'fc.uuid()', calls: [] }, special: [], validComment: undefined, invalid: ['badUuid'], needs: ['badUuid'] };
    case 'email': {
      const max = lengthBounds(field).max!;
      return {
        valid: {
          head: 'fc.emailAddress()',
          calls: ['.map((address) => address.replace(/\\.[^.@]+$/, \'.com\'))', `.filter((address) => address.length <= ${numberLiteral(max)})`],
        },
        special: [],
        validComment: "Joi's email() accepts only top-level domains IANA lists, so every address ends in .com.",
        invalid: [`badEmail(${numberLiteral(max)})`],
        needs: ['badEmail'],
      };
    }
    case 'enum':
      return {
        valid: { head: `fc.constantFrom(${field.values.map(literal).join(', ')})`, calls: [] },
        special: [],
        validComment: undefined,
        invalid: [`notOneOf(${literal(field.values)})`],
        needs: ['notOneOf'],
      };
  }
}

/**
 * The field's arbitraries. An optional field also accepts null, which clears it, so its invalid
 * arbitrary is filtered with notNull (see fieldDataView).
 *
 *   pages (integer 1..10000, optional): valid `fc.integer({ min: 1, max: 10_000 })`, special `fc.constant(null)`
 */
export function fieldValues(field: FieldSpec): FieldValues {
  const values = typeValues(field);
  if (field.required) return values;
  return { ...values, special: [...values.special, 'fc.constant(null)'], needs: [...values.needs, 'notNull'] };
}
