import { numberedValues } from './schema-numbered.js';
import { fitsLength, type Schema } from './schema-values.js';

// The edges of an OpenAPI 3.0 schema (dereferenced): values just inside each of its rules, which
// the service must store and answer unchanged, and values just outside, which it must refuse.
// schema-values.ts and schema-outside.ts draw at random from the same rules.

/** Texts longer than this cannot reach the rules: the JSON body limit (16 kB) refuses them first. */
const LONGEST_SENT = 15_000;
/** An emoji takes 4 bytes of the body. */
const LONGEST_EMOJI = LONGEST_SENT / 4;

/** A value sent, and the same value as the service answers it. */
export type Accepted = [sent: unknown, answered: unknown];

/** A text of `length` characters (at least one) that the pattern, if any, refuses. */
function offPattern(pattern: RegExp, length: number): string | undefined {
  const candidates = ['x', ' ', '-', '0', 'Z', '\u00e9'].map((char) => char.repeat(Math.max(length, 1)));
  return candidates.find((text) => !pattern.test(text));
}

function textEdges(schema: Schema): { accepts: Accepted[]; refuses: unknown[] } {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength === undefined ? undefined : Math.min(schema.maxLength, LONGEST_SENT);
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
  const fits = (text: string) => fitsLength(text, minLength, maxLength) && (pattern?.test(text) ?? true);
  const series = numberedValues(schema);
  // The first and the last of its numbered values, the longest plain text, as many emoji as the
  // rules allow (each one character, two UTF-16 units), and text from every plane of Unicode.
  const longest = maxLength ?? LONGEST_SENT;
  const emoji = '😀'.repeat(Math.min(longest, LONGEST_EMOJI));
  const candidates = [series.at(0), series.at(series.count - 1), 'x'.repeat(longest), emoji, '«é» 😀 "q" \'s\' \\'] as string[];
  const accepts = [...new Set(candidates.filter(fits))].map((text): Accepted => [text, text]);
  const valid = series.at(0) as string;
  const refuses: unknown[] = [42, `${valid}\u0000`, `${valid}\ud800`];
  if (minLength > 0) refuses.push('x'.repeat(minLength - 1));
  // One character short in emoji, whose UTF-16 units alone would reach the minimum.
  if (minLength > 1 && minLength <= LONGEST_EMOJI) refuses.push('😀'.repeat(minLength - 1));
  if (schema.maxLength !== undefined && schema.maxLength < LONGEST_SENT) refuses.push('x'.repeat(schema.maxLength + 1));
  if (pattern !== undefined) refuses.push(offPattern(pattern, Math.max(minLength, 1)));
  return { accepts, refuses: refuses.filter((value) => value !== undefined) };
}

function formattedEdges(schema: Schema): { accepts: Accepted[]; refuses: unknown[] } | undefined {
  switch (schema.format) {
    case 'date':
      return {
        accepts: ['0001-01-01', '2028-02-29', '9999-12-31'].map((day): Accepted => [day, day]),
        refuses: ['2026-02-30', '2026-1-31', '0000-01-01', '2026-01-31T00:00:00Z', 20_260_131],
      };
    case 'date-time':
      return {
        accepts: [
          ['2026-01-31T12:00:00.000Z', '2026-01-31T12:00:00.000Z'],
          ['2026-01-31T12:00:00+23:59', '2026-01-30T12:01:00.000Z'],
          ['0001-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z'],
          ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
        ],
        refuses: [
          '2026-02-30T12:00:00Z',
          '2026-01-31T12:00:00',
          '2026-01-31T12:00Z',
          '2026-01-31T12:00:00+24:00',
          '0000-12-31T23:59:59Z',
          1_769_860_800_000,
        ],
      };
    case 'uuid':
      return {
        accepts: [['0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30', '0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30']],
        refuses: ['0B5D8F3E-8B2A-4C1E-9F6D-2A7C4E1B9D30', '0b5d8f3e8b2a4c1e9f6d2a7c4e1b9d30', 'not-a-uuid', 42],
      };
    case 'email': {
      const shortest = numberedValues(schema).at(0) as string;
      const refuses: unknown[] = ['no-at-sign', `${shortest}@`, 42];
      if (schema.maxLength !== undefined) refuses.push(`${'a'.repeat(schema.maxLength)}${shortest}`);
      return { accepts: [[shortest, shortest]], refuses };
    }
    default:
      return undefined;
  }
}

function numberEdges(schema: Schema): { accepts: Accepted[]; refuses: unknown[] } {
  const scale = schema.type === 'integer' ? 0 : (schema['x-scale'] ?? 0);
  const step = 10 ** -scale;
  const round = (value: number) => Number(value.toFixed(scale));
  const { minimum, maximum } = schema;
  const inside = [minimum, maximum, numberedValues(schema).at(0) as number].filter((value) => value !== undefined);
  // A value with every decimal the scale allows, where the range has one.
  const fine = round((minimum ?? 0) + step * 11);
  if (scale > 0 && (maximum === undefined || fine <= maximum)) inside.push(fine);
  const refuses: unknown[] = [String(inside[0]), true];
  if (minimum !== undefined) refuses.push(round(minimum - step));
  if (maximum !== undefined) refuses.push(round(maximum + step));
  // Half a step more than allowed: a fraction for an integer, one decimal too many for a decimal.
  refuses.push(Number(((inside[0] as number) + step / 2).toFixed(scale + 1)));
  return { accepts: [...new Set(inside)].map((value): Accepted => [value, value]), refuses };
}

/**
 * Values just inside and just outside each rule of `schema`: what the fields test sends. A
 * nullable field also accepts null; any other refuses it.
 */
export function edgeValues(schema: Schema): { accepts: Accepted[]; refuses: unknown[] } {
  let edges: { accepts: Accepted[]; refuses: unknown[] };
  if (schema.enum !== undefined) {
    const members = schema.enum.filter((member): member is string => typeof member === 'string');
    edges = { accepts: members.map((member): Accepted => [member, member]), refuses: [`${members[0]!.toUpperCase()}!`, 42] };
  } else if (schema.type === 'boolean') {
    edges = {
      accepts: [
        [true, true],
        [false, false],
      ],
      refuses: ['true', 1],
    };
  } else if (schema.type === 'integer' || schema.type === 'number') {
    edges = numberEdges(schema);
  } else {
    edges = formattedEdges(schema) ?? textEdges(schema);
  }
  return schema.nullable
    ? { accepts: [...edges.accepts, [null, null]], refuses: edges.refuses }
    : { ...edges, refuses: [...edges.refuses, null] };
}
