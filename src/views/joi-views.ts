import indefinite from 'indefinite';

import { docComment, literal, numberLiteral, templateLiteralText, wrap } from './code-text.js';
import { capitalize } from '../spec/entity-names.js';
import { columnName, fieldLabel } from '../spec/field-name.js';
import { acceptsEmpty, lengthBounds, numberBounds } from '../values/field-values.js';
import { patternExample } from '../values/pattern-values.js';
import { DEFAULT_PRECISION, DEFAULT_SCALE, DOUBLE_DIGITS, type FieldSpec } from '../spec/spec.js';

/** A long description is split into string pieces of at most this many characters. */
const PIECE_WIDTH = 100;

const maxConstant = (field: FieldSpec) => `MAX_${columnName(field.name).toUpperCase()}`;
const scaleConstant = (field: FieldSpec) => `${columnName(field.name).toUpperCase()}_SCALE`;

/** The exported constants a numeric field's schema refers to, with their doc comments. */
export function fieldConstants(field: FieldSpec): string[] {
  if (field.type === 'integer') return [`export const ${maxConstant(field)} = ${field.max === undefined ? 'INT4_MAX' : numberLiteral(field.max)};`];
  if (field.type !== 'decimal') return [];
  const precision = field.precision ?? DEFAULT_PRECISION;
  const scale = field.scale ?? DEFAULT_SCALE;
  const column = `decimal(${precision},${scale})`;
  const why =
    field.max !== undefined
      ? `The largest ${fieldLabel(field.name)} accepted.`
      : precision > DOUBLE_DIGITS
        ? `The largest ${fieldLabel(field.name)} accepted. ${column} could hold ${precision - scale} integer digit${precision - scale === 1 ? '' : 's'}, but a JSON number ` +
          `(an IEEE double) is only exact to ${DOUBLE_DIGITS} significant digits, so we stop at ${exactDigits(scale, ' + ')}: ` +
          `every accepted ${fieldLabel(field.name)} reads back unchanged.`
        : `The largest ${fieldLabel(field.name)} ${column} holds.`;
  return [
    ...docComment(why),
    `export const ${maxConstant(field)} = ${numberLiteral(numberBounds(field).max)};`,
    ...docComment(`Decimals ${indefinite(fieldLabel(field.name))} may have; the column is ${column}.`),
    `export const ${scaleConstant(field)} = ${scale};`,
  ];
}

/** The digits a double keeps exact at this scale: `13 integer digits + 2 decimals`, or below 0.01 where the decimals alone are too many. */
function exactDigits(scale: number, and: string): string {
  const integerDigits = DOUBLE_DIGITS - scale;
  return integerDigits >= 0 ? `${integerDigits} integer digits${and}${scale} decimals` : `numbers below ${10 ** integerDigits} with ${scale} decimals`;
}

/** What leaving the field out and sending null do; undefined for a field a create must send, never null. */
function absenceRule(field: FieldSpec): string | undefined {
  const leftOut = field.default === undefined ? undefined : `leaving it out on create stores ${JSON.stringify(field.default)}`;
  if (field.required) return leftOut === undefined ? undefined : `${leftOut}, and null is refused.`;
  return leftOut === undefined
    ? 'null (or leaving it out) means none, and null in an update clears it.'
    : `${leftOut}, null stores none, and null in an update clears it.`;
}

/** The field's description in the OpenAPI document: its own words, then what the API does with it. */
function descriptionPieces(field: FieldSpec): { template?: string; text?: string } {
  const own = field.description?.replace(/\.$/, '');
  if (field.type === 'decimal') {
    const min = field.min === undefined ? `\${-${maxConstant(field)}}` : String(field.min);
    const rule =
      `${own === undefined ? '' : `${own}. `}${capitalize(fieldLabel(field.name))} with at most \${${scaleConstant(field)}} decimals (see x-scale), ` +
      `from ${min} to \${${maxConstant(field)}}; more decimals are refused, never rounded. `;
    const precision = field.precision ?? DEFAULT_PRECISION;
    const scale = field.scale ?? DEFAULT_SCALE;
    const bound =
      field.max === undefined && precision > DOUBLE_DIGITS
        ? `The upper bound is below what decimal(${precision},${scale}) could store because a JSON number is only exact to ` +
          `${DOUBLE_DIGITS} significant digits: ${exactDigits(scale, ' plus ')} always read back unchanged.`
        : undefined;
    const absence = absenceRule(field);
    const text = [bound, absence === undefined ? undefined : capitalize(absence)].filter((part) => part !== undefined).join(' ');
    return text === '' ? { template: rule.trimEnd() } : { template: rule, text };
  }
  const absence = absenceRule(field);
  if (absence === undefined) return own === undefined ? {} : { text: `${own}.` };
  return { text: own === undefined ? capitalize(absence) : `${own}; ${absence}` };
}

/**
 * The `.description(...)` call: a long text in pieces joined with `+`, so that no line runs on; the
 * formatter lays them out. A date-time's words end with the schema module's INSTANT_RULE (the offsets
 * and years it may have), inside the last piece's template literal: a `+` of it would be a lint
 * finding wherever the call fits on one line.
 */
function descriptionCall(field: FieldSpec): string | undefined {
  const { template, text } = descriptionPieces(field);
  const rule = field.type === 'datetime';
  const lines = text === undefined ? [] : wrap(text, PIECE_WIDTH);
  const lastPiece = (line: string) => (rule ? `\`${templateLiteralText(line)} \${INSTANT_RULE}\`` : literal(line));
  const pieces = [
    ...(template === undefined ? [] : [`\`${template}\``]),
    ...lines.map((line, i) => (i < lines.length - 1 ? literal(`${line} `) : lastPiece(line))),
    ...(rule && lines.length === 0 ? ['INSTANT_RULE'] : []),
  ];
  return pieces.length === 0 ? undefined : `.description(${pieces.join(' + ')})`;
}

/** Joi's builder for the field's type and bounds, as a head and a list of calls. */
function joiChain(field: FieldSpec): { head: string; calls: string[] } {
  const nullable = field.required ? [] : ['null'];
  const allow = (values: string[]) => (values.length === 0 ? [] : [`.allow(${values.join(', ')})`]);
  switch (field.type) {
    case 'string':
    case 'text': {
      const { min, max } = lengthBounds(field);
      return {
        head: 'Joi.string()',
        calls: [
          // The empty text only where the pattern, if any, takes it too.
          ...allow([...(acceptsEmpty(field) ? ["''"] : []), ...nullable]),
          ...(field.minLength !== undefined && field.minLength > 0 ? [`.min(${field.minLength})`] : []),
          ...(max === undefined ? [] : [`.max(${numberLiteral(max)})`]),
          ...(field.pattern === undefined ? [] : [`.pattern(/${field.pattern.replace(/(?<!\\)\//g, '\\/')}/)`]),
          '.custom(storableText)',
          '.messages(textMessages)',
        ],
      };
    }
    case 'email':
      // Any top-level domain, as format: email in the document says: Joi's own list of them would refuse
      // addresses the document allows, and goes stale as domains are added.
      return { head: 'Joi.string()', calls: ['.email({ tlds: false })', ...allow(nullable), `.max(${lengthBounds(field).max})`] };
    case 'integer': {
      const min = field.min === undefined ? '-INT4_MAX - 1' : numberLiteral(field.min);
      return { head: 'Joi.number()', calls: ['.integer()', ...allow(nullable), `.min(${min})`, `.max(${maxConstant(field)})`] };
    }
    case 'decimal': {
      const min = field.min === undefined ? `-${maxConstant(field)}` : numberLiteral(field.min);
      // The note states the scale in the filters' descriptions too (x-scale alone is read by no client).
      return {
        head: 'Joi.number()',
        calls: [
          ...allow(nullable),
          `.min(${min})`,
          `.max(${maxConstant(field)})`,
          `.precision(${scaleConstant(field)})`,
          `.note(\`At most \${${scaleConstant(field)}} decimals.\`)`,
        ],
      };
    }
    case 'boolean':
      return { head: 'Joi.boolean()', calls: allow(nullable) };
    case 'date':
      return { head: 'Joi.string()', calls: [...allow(nullable), ".pattern(/^\\d{4}-\\d{2}-\\d{2}$/, 'YYYY-MM-DD')", '.custom(calendarDate)', '.messages(dateMessages)'] };
    case 'datetime':
      // The schema module's DATE_TIME (the generator's DATETIME): a time zone always, since a time
      // without one would be read in the database server's zone; at most milliseconds, as more would
      // be cut; years the database answers as written. storableInstant hands the database UTC, as
      // PostgreSQL refuses some offsets RFC 3339 allows. The note joins the filters' descriptions.
      return {
        head: 'Joi.string()',
        calls: [
          ...allow(nullable),
          ".pattern(DATE_TIME, 'date-time')",
          '.custom(calendarDate)',
          '.custom(storableInstant)',
          '.messages({ ...dateMessages, ...instantMessages })',
          '.note(INSTANT_RULE)',
        ],
      };
    case 'uuid':
      // Only the canonical form: PostgreSQL would answer braces, no hyphens or capitals in it, not as sent.
      return { head: 'Joi.string()', calls: [".guid({ separator: '-' })", '.lowercase()', '.length(36)', ...allow(nullable)] };
    case 'enum':
      return { head: 'Joi.string()', calls: [`.valid(${field.values.map(literal).join(', ')})`, ...allow(nullable)] };
  }
}

/** A value of the field that passes its rules, for `.example()`: its own example, else its default, else one made up. */
export function exampleValue(field: FieldSpec): unknown {
  if (field.example !== undefined) return field.example;
  if (field.default !== undefined) return field.default;
  switch (field.type) {
    case 'string':
    case 'text': {
      const made = patternExample(field);
      if (made !== undefined) return made;
      const { min, max } = lengthBounds(field);
      return capitalize(fieldLabel(field.name)).padEnd(min, 'x').slice(0, max);
    }
    case 'email':
      return 'ada@example.com'.length <= lengthBounds(field).max! ? 'ada@example.com' : 'a@b.co';
    case 'integer':
    case 'decimal': {
      const { min, max } = numberBounds(field);
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return true;
    case 'date':
      return '2026-01-31';
    case 'datetime':
      return '2026-01-01T12:00:00.000Z';
    case 'uuid':
      return '0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30';
    case 'enum':
      return field.values[0];
  }
}

/**
 * The field's Joi schema as the schema module declares it (the formatter breaks a long chain):
 *
 *   const quantity = Joi.number().integer().min(1).max(MAX_QUANTITY).example(3);
 */
export function joiDeclaration(field: FieldSpec): string {
  const { head, calls } = joiChain(field);
  const example = exampleValue(field);
  const all = [...calls, `.example(${typeof example === 'number' ? numberLiteral(example) : literal(example)})`];
  const description = descriptionCall(field);
  if (description !== undefined) all.push(description);
  return `const ${field.name} = ${head}${all.join('')};`;
}
