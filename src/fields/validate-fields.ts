import { validateFieldName } from '../names/field-name.js';
import { valueProblem } from './field-values.js';
import { patternText, shortestMatch } from './pattern-text.js';
import { patternExample } from './pattern-values.js';
import { canonicalField, DEFAULT_STRING_LENGTH, FIELD_KEYS, FIELD_TYPES, type FieldSpec, type FieldType } from './field-spec.js';
import { typeModule } from './types/field-types.js';

/** A field spec that cannot be used; its message is one line. */
export class FieldSpecError extends Error {
  override name = 'FieldSpecError';
}

/** Longer descriptions belong in the README, not in every OpenAPI property. */
const MAX_DESCRIPTION_LENGTH = 500;

type Raw = Record<string, unknown>;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Checks each modifier's own kind of value (boolean, whole number, ...), whatever the type. */
function kindProblem(key: string, value: unknown): string | undefined {
  switch (key) {
    case 'required':
    case 'unique':
    case 'index':
      return typeof value === 'boolean' ? undefined : `${key} must be true or false`;
    case 'min':
    case 'max':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `${key} must be a number`;
    case 'minLength':
    case 'maxLength':
    case 'precision':
    case 'scale':
      return isCount(value) ? undefined : `${key} must be a whole number, 0 or more`;
    case 'pattern':
      if (typeof value !== 'string' || value === '') return 'pattern must be a non-empty regular expression';
      try {
        new RegExp(value);
      } catch (error) {
        return `pattern is not a valid regular expression: ${(error as Error).message}`;
      }
      return unicodeModeProblem(value) ?? patternTextProblem(value);
    case 'description':
      return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_DESCRIPTION_LENGTH && !/[\u0000-\u001f]/.test(value)
        ? undefined
        : `description must be one line of text, at most ${MAX_DESCRIPTION_LENGTH} characters`;
    case 'values':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? undefined
        : 'values must be a list of strings';
    default:
      return undefined;
  }
}

/**
 * What a pattern means only in Unicode mode, which Joi does not use: there `\p{L}` is the text
 * `p{L}` and an emoji is two halves, so the rule would silently differ from the one written.
 */
function unicodeModeProblem(pattern: string): string | undefined {
  if (/\\[pPu]\{/.test(pattern)) {
    return `pattern ${pattern} uses \\p{...} or \\u{...}, which need Unicode mode; patterns are tested without it: list the characters instead (e.g. [A-Za-zÀ-ÿ])`;
  }
  if (/[\u{10000}-\u{10FFFF}]/u.test(pattern)) {
    return `pattern ${pattern} holds a character beyond U+FFFF (such as an emoji), which a pattern without Unicode mode reads as two halves`;
  }
  return undefined;
}

/** What in a pattern the tests cannot make matching text for, named as its writer knows it. */
function undrawable(pattern: string): string {
  if (/\(\?<?[=!]/.test(pattern)) return 'a lookaround, (?=...), (?!...), (?<=...) or (?<!...)';
  if (/\\[bB]/.test(pattern)) return 'a word boundary, \\b or \\B';
  if (/\\[1-9]|\\k</.test(pattern)) return 'a backreference';
  return 'a construct';
}

/** A pattern the generated tests cannot draw matching text from: refused here, in one line, rather than failing there. */
function patternTextProblem(pattern: string): string | undefined {
  const texts = patternText(pattern);
  if (!('problem' in texts)) return undefined;
  return (
    `pattern ${pattern} uses ${undrawable(pattern)}, which the generated tests cannot make matching text for: ` +
    'write it without lookarounds, \\b, \\B or backreferences'
  );
}

/** The rules between modifiers of one type (bounds in order and within what the column holds), then min below max. */
function typeProblem(field: Raw & { type: FieldType }): string | undefined {
  const { min, max } = field as Raw & Partial<Record<'min' | 'max', number>>;
  const problem = typeModule(field.type).specProblem?.(field as unknown as FieldSpec);
  if (problem !== undefined) return problem;
  if (min !== undefined && max !== undefined && min > max) return `min ${min} is above max ${max}`;
  return undefined;
}

/** `renamedFrom` names another, valid field name; which fields existed before, `update` checks. */
function renamedFromProblem(name: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'renamedFrom must be the previous name of the field, e.g. "renamedFrom": "pages"';
  if (value === name) return 'renamedFrom names the field itself; leave it out';
  const problem = validateFieldName(value);
  return problem ? `renamedFrom: ${problem}` : undefined;
}

/** Why one field cannot be used, as `field "title": ...`, or undefined. */
function fieldProblem(raw: unknown, position: number): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return `fields[${position}] must be an object such as {"name": "title", "type": "string"}`;
  }
  const field = raw as Raw;
  if (typeof field.name !== 'string') return `fields[${position}] needs a name`;
  const nameProblem = validateFieldName(field.name);
  if (nameProblem) return nameProblem;
  const at = `field "${field.name}"`;
  if (typeof field.type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(field.type)) {
    const given = field.type === undefined ? 'needs a type' : `has unknown type ${JSON.stringify(field.type)}`;
    return `${at} ${given}; use one of ${FIELD_TYPES.join(', ')}`;
  }
  const type = field.type as FieldType;
  const fits = typeModule(type).modifiers;
  for (const [key, value] of Object.entries(field)) {
    if (key === 'name' || key === 'type') continue;
    if (!(FIELD_KEYS as readonly string[]).includes(key)) return `${at}: unknown modifier "${key}"`;
    if (key === 'renamedFrom') {
      const problem = renamedFromProblem(field.name, value);
      if (problem) return `${at}: ${problem}`;
      continue;
    }
    if (!(fits as readonly string[]).includes(key)) return `${at}: ${key} does not fit type ${type} (it takes ${fits.join(', ')})`;
    const problem = kindProblem(key, value);
    if (problem) return `${at}: ${problem}`;
  }
  const problem = typeProblem({ ...field, type });
  if (problem) return `${at}: ${problem}`;
  if (field.unique === true && field.index === true) return `${at}: index is implied by unique; give one of them`;
  // Without an example, one is made from the pattern; a pattern no text of the allowed length matches is refused.
  if (field.pattern !== undefined && field.example === undefined && field.default === undefined) {
    if (patternExample(field as unknown as FieldSpec) === undefined) {
      const { maxLength } = field as unknown as { maxLength?: number };
      const shortest = shortestMatch(field.pattern as string);
      const limit = maxLength ?? (type === 'string' ? DEFAULT_STRING_LENGTH : undefined);
      // No example can help where every match is longer than the column: only a longer column or another pattern can.
      return limit !== undefined && shortest > limit
        ? `${at}: every text pattern ${field.pattern} matches is at least ${shortest} characters long, more than its maxLength ${limit}; raise maxLength to ${shortest} or change the pattern`
        : `${at}: no text that fits its length matches pattern ${field.pattern}, as far as the generator could find; give an example that does (example=...)`;
    }
  }
  if (field.example !== undefined) {
    const exampleProblem = valueProblem(field as unknown as FieldSpec, field.example);
    if (exampleProblem) return `${at}: example ${JSON.stringify(field.example)} ${exampleProblem}`;
  }
  if (field.default !== undefined) {
    const defaultProblem = valueProblem(field as unknown as FieldSpec, field.default);
    if (defaultProblem) return `${at}: default ${JSON.stringify(field.default)} ${defaultProblem}`;
  }
  return undefined;
}

/**
 * Why a `fields` list cannot be used, in one line, or undefined when every field is usable.
 * The same check serves the answers file, `--field` and the prompts.
 */
export function validateFields(input: unknown): string | undefined {
  if (!Array.isArray(input)) return 'fields must be a list, e.g. [{"name": "title", "type": "string"}]';
  if (input.length === 0) return 'fields must list at least one field (leave fields out for the standard item fields)';
  for (const [position, raw] of input.entries()) {
    const problem = fieldProblem(raw, position);
    if (problem) return problem;
  }
  // Names have no two capitals in a row, so distinct names have distinct columns.
  const names = input.map((field: { name: string }) => field.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) return `field "${repeated}" is listed twice`;
  const renamed = input.filter((field: { renamedFrom?: string }) => field.renamedFrom !== undefined);
  for (const field of renamed as { name: string; renamedFrom: string }[]) {
    if (names.includes(field.renamedFrom)) {
      return `field "${field.name}": renamedFrom "${field.renamedFrom}" is still a field of the list; a rename leaves the old name out`;
    }
    const twice = renamed.find((other: { name: string; renamedFrom?: string }) => other !== field && other.renamedFrom === field.renamedFrom);
    if (twice !== undefined) return `fields "${field.name}" and "${twice.name}" are both renamed from "${field.renamedFrom}"`;
  }
  return undefined;
}

/** The fields, checked and with their keys in the answers file's order; throws FieldSpecError. */
export function checkFields(input: unknown): FieldSpec[] {
  const problem = validateFields(input);
  if (problem) throw new FieldSpecError(problem);
  return (input as FieldSpec[]).map(canonicalField);
}
