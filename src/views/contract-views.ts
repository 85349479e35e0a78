import { docComment, literal } from './code-text.js';
import { fieldCases, type FieldCases } from '../values/contract-cases.js';
import { requiredOnCreate, type FieldSpec } from '../spec/spec.js';
import { changeAllEntries, changeEntry, inputEntries, seriesEntries, type BodyEntry } from '../values/test-bodies.js';
import { valueCode } from '../values/value-code.js';

/** What the generated tests print about the fields: bodies to send and the per-field cases. */
export interface ContractView {
  /** The create body of every field's example, for helpers.ts: `{ name: 'Widget', ..., ...overrides }`. */
  input: string;
  /** The overrides of a numbered body: `{ name: \`Widget ${n}\`, ...overrides }`. */
  series: string;
  /** Whether the numbered series varies any field at all. */
  hasSeries: boolean;
  /** The numbered series' doc comment (which fields it varies, and why), on one line or several. */
  seriesComment: string;
  /** The update most tests send, one changed field: `{ price: 20.99 }`. */
  change: string;
  /** The field it changes. */
  changeField: string;
  /** Every field that can change, changed. */
  changeAll: string;
  /** What POST {} answers: `"name" is required; "price" is required`; empty when no field is required. */
  missingRequired: string;
  /** A key that is no field, for the "is not allowed" case. */
  unknownField: string;
  /** The per-field cases table, one line per entry line, indented for the array. */
  fieldCases: string[];
}

/** An object literal; the project's formatter lays it out (see formatFiles). */
function objectCode(entries: string[]): string {
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

const entryCode = ({ name, code }: BodyEntry) => `${name}: ${code}`;

/** An array entry after `head`; the project's formatter lays it out. */
function arrayLines(head: string, items: string[], indent: string): string[] {
  return [`${indent}${head}[${items.join(', ')}],`];
}

/** One entry of FIELD_CASES, as lines indented for the array. */
function caseLines(cases: FieldCases): string[] {
  const pair = ([sent, answer]: [unknown, unknown]) => `[${valueCode(sent)}, ${valueCode(answer)}]`;
  return [
    '  {',
    `    field: ${literal(cases.field)},`,
    ...(cases.required ? ['    required: true,'] : [`    whenAbsent: ${valueCode(cases.whenAbsent)},`]),
    ...(cases.unique ? ['    unique: true,'] : []),
    ...arrayLines('accepts: ', cases.accepts.map(valueCode), '    '),
    ...(cases.acceptsAs.length === 0 ? [] : arrayLines('acceptsAs: ', cases.acceptsAs.map(pair), '    ')),
    ...arrayLines('refuses: ', cases.refuses.map(pair), '    '),
    '  },',
  ];
}

/** `a`, `a and b`, `a, b and c`. */
const sentenceList = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

function seriesComment(fields: readonly FieldSpec[], series: BodyEntry[]): string {
  const numbered = (unique: boolean) =>
    series.filter((entry) => (fields.find((field) => field.name === entry.name)?.unique === true) === unique).map((entry) => entry.name);
  const [unique, other] = [numbered(true), numbered(false)];
  const own = sentenceList([...unique, ...other]);
  if (unique.length > 0) return `Valid create bodies numbered 1, 2, ...: each has its own ${own}, so that creating several never collides.`;
  if (other.length > 0) return `Valid create bodies numbered 1, 2, ...: each has its own ${own}, to tell the records apart.`;
  return 'Valid create bodies numbered 1, 2, ...: no field is unique, and these are all alike.';
}

/** The contract tests' view of the fields (see ContractView). */
export function contractView(fields: readonly FieldSpec[]): ContractView {
  const change = changeEntry(fields);
  const series = seriesEntries(fields);
  const names = fields.map((field) => field.name);
  return {
    input: objectCode([...inputEntries(fields).map(entryCode), '...overrides']),
    series: objectCode([...series.map(entryCode), '...overrides']),
    hasSeries: series.length > 0,
    seriesComment: docComment(seriesComment(fields, series)).join('\n'),
    change: change === undefined ? '{}' : `{ ${entryCode(change)} }`,
    changeField: change?.name ?? '',
    changeAll: objectCode(changeAllEntries(fields).map(entryCode)),
    missingRequired: fields.filter(requiredOnCreate).map((field) => `"${field.name}" is required`).join('; '),
    unknownField: ['colour', 'extraField', 'unknownField'].find((name) => !names.includes(name))!,
    fieldCases: fields.flatMap((field) => caseLines(fieldCases(field))),
  };
}
