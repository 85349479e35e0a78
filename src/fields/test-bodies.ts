import { changedValue } from './changed-value.js';
import { literal, numberLiteral, templateLiteralText } from './code-text.js';
import { storedExample } from './contract-cases.js';
import { valueProblem } from './field-values.js';
import { numberedCode } from './pattern-values.js';
import type { FieldSpec } from './spec.js';
import { valueCode } from './value-code.js';

/** One field of a body the generated tests send: its name and its value as code. */
export interface BodyEntry {
  name: string;
  code: string;
}

/** A value that changes with `n`: the code the tests write, and the same in the generator, to check it. */
interface Series {
  code: string;
  at(n: number): unknown;
}

/** The bodies of a numbered series stay valid and distinct up to this n (the shutdown test sends 40 000). */
export const SERIES_LENGTH = 99_999;
const SAMPLES = [1, 2, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 40_000, SERIES_LENGTH];

/** Text for a template literal: backslashes, backticks and `${` escaped. */
const padded = (width: number) => `\${String(n).padStart(${width}, '0')}`;

/** Ways of numbering a value of the field, most readable first. */
function seriesCandidates(field: FieldSpec): Series[] {
  const example = storedExample(field);
  switch (field.type) {
    case 'string':
    case 'text': {
      const text = String(example);
      const candidates: Series[] = [{ code: `\`${templateLiteralText(text)} \${n}\``, at: (n) => `${text} ${n}` }];
      // A code such as an ISBN: its longest run of digits replaced by n, zero-padded.
      const run = [...text.matchAll(/\d+/g)].sort((a, b) => b[0].length - a[0].length)[0];
      if (run !== undefined && run[0].length >= String(SERIES_LENGTH).length) {
        const [before, after] = [text.slice(0, run.index), text.slice(run.index + run[0].length)];
        const width = run[0].length;
        candidates.push({
          code: `\`${templateLiteralText(before)}${padded(width)}${templateLiteralText(after)}\``,
          at: (n) => `${before}${String(n).padStart(width, '0')}${after}`,
        });
      }
      // A code with a format (^[A-Z]{3}-[0-9]{4}$): its characters count n within the pattern.
      const code = numberedCode(field, text, SERIES_LENGTH + 1);
      if (code !== undefined) candidates.push({ code: code.code(false), at: (n) => code.at(n) });
      return candidates;
    }
    case 'email': {
      const [local, domain] = String(example).split('@') as [string, string];
      return [{ code: `\`${templateLiteralText(local)}\${n}@${templateLiteralText(domain)}\``, at: (n) => `${local}${n}@${domain}` }];
    }
    case 'integer':
    case 'decimal':
      return [
        { code: 'n', at: (n) => n },
        { code: '-n', at: (n) => -n },
        // Counting on from the example, when it stands where n or -n would reach it.
        // (A whole example only: a sum with decimals could carry a double's rounding noise.)
        ...(Number.isInteger(example) ? [{ code: `${numberLiteral(example as number)} + n`, at: (n: number) => (example as number) + n }] : []),
      ];
    case 'date': {
      const [year, month, day] = String(example).split('-').map(Number) as [number, number, number];
      // Days after the example, or before it when the calendar ends first.
      return ['+', '-'].map((sign) => ({
        code: `new Date(Date.UTC(${year}, ${month - 1}, ${day} ${sign} n)).toISOString().slice(0, 10)`,
        at: (n: number) => new Date(Date.UTC(year, month - 1, sign === '+' ? day + n : day - n)).toISOString().slice(0, 10),
      }));
    }
    case 'datetime':
      return [
        {
          code: `new Date(Date.parse(${literal(example)}) + n * 1000).toISOString()`,
          at: (n) => new Date(Date.parse(String(example)) + n * 1000).toISOString(),
        },
      ];
    case 'uuid': {
      const head = String(example).slice(0, 24);
      return [{ code: `\`${head}${padded(12)}\``, at: (n) => `${head}${String(n).padStart(12, '0')}` }];
    }
    case 'enum':
      // Only as many distinct values as the enum has.
      return [{ code: `${literal(field.values)}[n % ${field.values.length}]`, at: (n) => field.values[n % field.values.length] }];
    case 'boolean':
      return [];
  }
}

const seriesOf = new Map<string, Series | undefined>();

/**
 * How the field's value follows n, when some numbering passes its rules for every n of the
 * series and never gives the example back: the tests send the example body beside numbered ones.
 */
function series(field: FieldSpec): Series | undefined {
  const key = JSON.stringify(field);
  if (!seriesOf.has(key)) {
    const example = storedExample(field);
    const fits = (candidate: Series) =>
      SAMPLES.every((n) => valueProblem(field, candidate.at(n)) === undefined) &&
      Array.from({ length: SERIES_LENGTH }, (_, i) => candidate.at(i + 1)).every((value) => value !== example);
    seriesOf.set(key, seriesCandidates(field).find(fits));
  }
  return seriesOf.get(key);
}

/**
 * Why the generated tests cannot give every record its own value of a unique field, in a few
 * words, or undefined. They create up to SERIES_LENGTH records in one database.
 */
export function uniqueProblem(field: FieldSpec): string | undefined {
  if (!field.unique) return undefined;
  if (field.type === 'boolean') return 'unique does not fit a boolean: the table could hold two rows at most';
  if (field.type === 'enum') {
    const count = field.values.length;
    const rows = `${count} row${count === 1 ? '' : 's'}`;
    return `unique on an enum of ${count} value${count === 1 ? '' : 's'} would hold ${rows} at most, and the generated tests create up to ${SERIES_LENGTH.toLocaleString('en-US')}; drop unique`;
  }
  if (series(field) !== undefined) return undefined;
  return `unique, but its rules leave fewer than ${SERIES_LENGTH.toLocaleString('en-US')} distinct values for the generated tests to create; widen its range, length or pattern`;
}

/**
 * The fields a numbered series of create bodies varies, and how: every unique field, so that
 * the bodies never collide, and the first other text field, so that they read apart
 * (`name: \`Widget ${n}\``). A unique field no numbering fits keeps its example.
 */
export function seriesEntries(fields: readonly FieldSpec[]): BodyEntry[] {
  const label = fields.find((field) => !field.unique && (field.type === 'string' || field.type === 'text') && series(field) !== undefined);
  return fields
    .filter((field) => field.unique || field === label)
    .flatMap((field) => {
      const numbered = series(field);
      return numbered === undefined ? [] : [{ name: field.name, code: numbered.code }];
    });
}

/** The update the tests send most: one changed field, required and not unique where there is one. */
export function changeEntry(fields: readonly FieldSpec[]): BodyEntry | undefined {
  const changeable = fields.filter((field) => changedValue(field) !== undefined);
  const ranked = [
    ...changeable.filter((field) => field.required && !field.unique && field !== fields[0]),
    ...changeable.filter((field) => !field.unique),
    ...changeable,
  ];
  const field = ranked[0];
  return field === undefined ? undefined : { name: field.name, code: valueCode(changedValue(field)) };
}

/** Every field that can change, changed: an update of the whole record. */
export function changeAllEntries(fields: readonly FieldSpec[]): BodyEntry[] {
  return fields.flatMap((field) => {
    const value = changedValue(field);
    return value === undefined ? [] : [{ name: field.name, code: valueCode(value) }];
  });
}

/** The create body of every field's example, as it reads back. */
export function inputEntries(fields: readonly FieldSpec[]): BodyEntry[] {
  return fields.map((field) => ({ name: field.name, code: valueCode(storedExample(field)) }));
}

