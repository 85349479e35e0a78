import { changedValue } from './changed-value.js';
import { storedExample } from './contract-cases.js';
import { valueProblem } from './field-values.js';
import { numberedCandidates } from './numbered-values.js';
import type { FieldSpec } from '../spec/spec.js';
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

/**
 * Ways of numbering a value of the field, most readable first: the values k6 and the bench's fill
 * use too (see NumberedValue), as distinct as for a unique field even where the field is not, so
 * that the records read apart.
 */
function seriesCandidates(field: FieldSpec): Series[] {
  return numberedCandidates({ ...field, unique: true }).flatMap((candidate) =>
    candidate.code === undefined || candidate.distinct <= SERIES_LENGTH ? [] : [{ code: candidate.code, at: (n: number) => candidate.at(n) }],
  );
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

