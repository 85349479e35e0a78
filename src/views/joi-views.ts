import { literal, numberLiteral, templateLiteralText, wrap } from '../code/code-text.js';
import type { FieldSpec } from '../fields/field-spec.js';
import { exampleValue } from '../fields/field-values.js';
import { fieldType } from '../fields/types/field-types.js';
import { capitalize } from '../names/entity-names.js';
import { fieldLabel } from '../names/field-name.js';

/** A long description is split into string pieces of at most this many characters. */
const PIECE_WIDTH = 100;

/** The exported constants the field's schema refers to (a numeric field's), with their doc comments. */
export function fieldConstants(field: FieldSpec): string[] {
  return fieldType(field).constants?.(field) ?? [];
}

/** What leaving the field out and sending null do; undefined for a field a create must send, never null. */
function absenceRule(field: FieldSpec): string | undefined {
  const leftOut = field.default === undefined ? undefined : `leaving it out on create stores ${JSON.stringify(field.default)}`;
  if (field.required) return leftOut === undefined ? undefined : `${leftOut}, and null is refused.`;
  return leftOut === undefined
    ? 'null (or leaving it out) means none, and null in an update clears it.'
    : `${leftOut}, null stores none, and null in an update clears it.`;
}

/**
 * What a field without words of its own is described by, so that no property of the document goes
 * undescribed: its name and its rules in words (`Quantity: 1 to 2147483647`, `Title: 1 to 200 characters`).
 */
function ruleWords(field: FieldSpec): string {
  const rules = fieldType(field).tableRules(field);
  const name = capitalize(fieldLabel(field.name));
  return rules.length === 0 ? name : `${name}: ${rules.join('; ')}`;
}

/** The field's description in the OpenAPI document: its own words, then what the API does with it. */
function descriptionPieces(field: FieldSpec): { template?: string; text?: string } {
  const own = field.description?.replace(/\.$/, '');
  const range = fieldType(field).rangeDescription?.(field, own);
  if (range !== undefined) {
    const absence = absenceRule(field);
    const text = [range.bound, absence === undefined ? undefined : capitalize(absence)].filter((part) => part !== undefined).join(' ');
    return text === '' ? { template: range.rule.trimEnd() } : { template: range.rule, text };
  }
  const absence = absenceRule(field);
  if (absence === undefined) return { text: `${own ?? ruleWords(field)}.` };
  return { text: own === undefined ? capitalize(absence) : `${own}; ${absence}` };
}

/**
 * The `.description(...)` call: a long text in pieces joined with `+`, so that no line runs on; the
 * formatter lays them out. A date-time's words end with http/value-rules.ts's INSTANT_RULE (the offsets
 * and years it may have; the type's descriptionEnd), inside the last piece's template literal: a `+`
 * of it would be a lint finding wherever the call fits on one line.
 */
function descriptionCall(field: FieldSpec): string | undefined {
  const { template, text } = descriptionPieces(field);
  const end = fieldType(field).descriptionEnd;
  const lines = text === undefined ? [] : wrap(text, PIECE_WIDTH);
  const lastPiece = (line: string) => (end === undefined ? literal(line) : `\`${templateLiteralText(line)} \${${end}}\``);
  const pieces = [
    ...(template === undefined ? [] : [`\`${template}\``]),
    ...lines.map((line, i) => (i < lines.length - 1 ? literal(`${line} `) : lastPiece(line))),
    ...(end !== undefined && lines.length === 0 ? [end] : []),
  ];
  return pieces.length === 0 ? undefined : `.description(${pieces.join(' + ')})`;
}

/**
 * The field's Joi schema as the schema module declares it (the formatter breaks a long chain):
 *
 *   const quantity = Joi.number().integer().min(1).max(MAX_QUANTITY).example(3);
 */
export function joiDeclaration(field: FieldSpec): string {
  const { head, calls } = fieldType(field).joi(field, field.required ? [] : ['null']);
  const example = exampleValue(field);
  const all = [...calls, `.example(${typeof example === 'number' ? numberLiteral(example) : literal(example)})`];
  const description = descriptionCall(field);
  if (description !== undefined) all.push(description);
  return `const ${field.name} = ${head}${all.join('')};`;
}
