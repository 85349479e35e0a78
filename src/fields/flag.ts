import { fieldNameFromInput } from '../names/field-name.js';
import { FieldSpecError, validateFields } from './validate-fields.js';
import { canonicalField, FIELD_KEYS, type FieldSpec, type Modifier } from './field-spec.js';

const SWITCHES = new Set<string>(['required', 'unique', 'index']);
const NUMBERS = new Set<string>(['min', 'max', 'minLength', 'maxLength', 'precision', 'scale']);
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/** Splits at every `:` not written as `\:` (a pattern or description may hold a colon). */
function splitParts(text: string): string[] {
  return text.split(/(?<!\\):/).map((part) => part.replaceAll('\\:', ':'));
}

function toNumber(key: string, value: string): number {
  if (!NUMBER.test(value)) throw new Error(`${key} must be a number: ${value}`);
  return Number(value);
}

/** The value of one `key=value` modifier, read as the key (and for `default`, the type) expects. */
function modifierValue(key: Modifier, value: string | undefined, type: string): unknown {
  if (SWITCHES.has(key)) {
    if (value === undefined || value === 'true') return true;
    if (value === 'false') return false;
    throw new Error(`${key} takes no value, or true or false: ${key}=${value}`);
  }
  if (value === undefined) throw new Error(`${key} needs a value, e.g. ${key}=${key === 'values' ? 'a|b' : '...'}`);
  if (NUMBERS.has(key)) return toNumber(key, value);
  if (key === 'values') return value.split('|');
  if (key === 'default' || key === 'example') {
    if (type === 'integer' || type === 'decimal') return toNumber(key, value);
    if (type === 'boolean') {
      if (value !== 'true' && value !== 'false') throw new Error(`${key} must be true or false: ${value}`);
      return value === 'true';
    }
  }
  return value;
}

/**
 * Reads one `--field <name>:<type>[:<modifier>...]` into a spec (not yet checked against its
 * type's rules). A modifier is a word (`required`) or `key=value`; `values` separates with `|`;
 * `\:` is a colon inside a value.
 *
 *   "title:string:required:maxLength=200" -> { name: "title", type: "string", required: true, maxLength: 200 }
 *   "tracking_number:string" -> { name: "trackingNumber", type: "string" } (as entity names are converted)
 *   "format:enum:values=hardcover|paperback:default=paperback" -> { ..., values: [...], default: "paperback" }
 */
function readFlag(text: string): FieldSpec {
  const [name = '', type, ...modifiers] = splitParts(text);
  if (name === '' || type === undefined || type === '') throw new Error('expected <name>:<type>[:<modifier>...], e.g. title:string:required');
  const field: Record<string, unknown> = { name: fieldNameFromInput(name), type };
  for (const modifier of modifiers) {
    const equals = modifier.indexOf('=');
    const key = equals === -1 ? modifier : modifier.slice(0, equals);
    const value = equals === -1 ? undefined : modifier.slice(equals + 1);
    if (key === 'name' || key === 'type' || !(FIELD_KEYS as readonly string[]).includes(key)) {
      throw new Error(`unknown modifier "${key}"`);
    }
    if (key in field) throw new Error(`${key} is given twice`);
    field[key] = modifierValue(key as Modifier, value, type);
  }
  return field as unknown as FieldSpec;
}

/**
 * Reads every `--field` flag, in order, into checked fields; throws FieldSpecError naming the
 * flag and the problem in one line. `partial`: more fields may follow (the prompts ask one at a time).
 */
export function parseFieldFlags(flags: readonly string[], { partial = false }: { partial?: boolean } = {}): FieldSpec[] {
  const fields = flags.map((text) => {
    let field: FieldSpec;
    try {
      field = readFlag(text);
    } catch (error) {
      throw new FieldSpecError(`--field ${text}: ${(error as Error).message}`);
    }
    const problem = validateFields([field]);
    if (problem) throw new FieldSpecError(`--field ${text}: ${problem}`);
    return canonicalField(field);
  });
  const problem = validateFields(fields);
  if (problem) throw new FieldSpecError(`--field: ${problem}`);
  return fields;
}

/** The `--field` text of a spec, the inverse of the parser: what the prompts and `--dry-run` can echo. */
export function fieldFlag(field: FieldSpec): string {
  const escape = (value: string) => value.replaceAll(':', '\\:');
  const parts = [field.name, field.type];
  for (const [key, value] of Object.entries(canonicalField(field))) {
    if (key === 'name' || key === 'type') continue;
    if (value === true && SWITCHES.has(key)) parts.push(key);
    else if (Array.isArray(value)) parts.push(`${key}=${value.map(escape).join('|')}`);
    else parts.push(`${key}=${escape(String(value))}`);
  }
  return parts.join(':');
}
