import pluralize from 'pluralize';

import { entityNames, entityWords } from '../spec/entity-names.js';
import { TEMPLATE_IDENTIFIERS } from '../spec/template-identifiers.js';

/** Longer names make unwieldy identifiers, tables and URLs; PostgreSQL cuts identifiers at 63 bytes. */
export const MAX_ENTITY_LENGTH = 40;

/** JavaScript and TypeScript reserved words, and type names that cannot name a class. */
const RESERVED_WORDS = new Set([
  'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do',
  'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in',
  'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof',
  'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package',
  'private', 'protected', 'public', 'arguments', 'eval', 'undefined', 'any', 'boolean', 'never',
  'number', 'object', 'string', 'symbol', 'unknown', 'bigint', 'type', 'declare', 'namespace', 'module',
]);

/** Globals the generated code relies on; an entity class of the same name would shadow them. */
const GLOBALS = new Set([
  'array', 'boolean', 'buffer', 'date', 'error', 'function', 'json', 'map', 'math', 'number', 'object',
  'process', 'promise', 'request', 'response', 'set', 'string', 'symbol', 'url',
]);

/** What the generated code declares beside the entity's own names (see scripts/template-identifiers.ts). */
const DECLARED: ReadonlySet<string> = new Set(TEMPLATE_IDENTIFIERS);

/**
 * Checks an entity name as typed by a user. Returns an error message, or undefined when the name is
 * usable; the same check serves the prompt and the command-line argument.
 *
 *   "OrderLine", "order-line", "order line" -> undefined
 *   "" -> "entity name is required"
 *   "2Fast" -> "entity name must start with a letter: 2Fast"
 *   "Über" -> "entity name must use only ASCII letters (A-Z, a-z) and digits, ..."
 *   "Class" -> "entity name "Class" is a reserved word in JavaScript/TypeScript"
 */
export function validateEntity(input: string): string | undefined {
  const entity = input.trim();
  if (entity === '') return 'entity name is required';
  if (entity.length > MAX_ENTITY_LENGTH) {
    return `entity name must be at most ${MAX_ENTITY_LENGTH} characters (got ${entity.length})`;
  }
  // Letters outside A-Z would have to be transliterated for table names and URLs: ask for them spelled so.
  if (/[^\x20-\x7e]/.test(entity)) {
    return `entity name must use only ASCII letters (A-Z, a-z) and digits, e.g. "Uber" for "Über": ${entity}`;
  }
  if (!/^[A-Za-z]/.test(entity)) return `entity name must start with a letter: ${entity}`;
  if (!/^[A-Za-z][A-Za-z0-9]*(?:[ _-][A-Za-z0-9]+)*$/.test(entity)) {
    return `entity name may contain only letters and digits, with words separated by one space, "-" or "_": ${entity}`;
  }
  const words = entityWords(entity);
  const last = words.at(-1) ?? '';
  if (pluralize.isPlural(last) && pluralize.singular(last) !== last) {
    const singular = entityNames([...words.slice(0, -1), pluralize.singular(last)].join(' ')).className;
    return `entity name "${entity}" looks plural; name one record instead (e.g. "${singular}")`;
  }
  const names = entityNames(entity);
  if (names.className === names.classNamePlural) {
    return `entity name "${entity}" has no distinct plural form; choose a countable noun`;
  }
  for (const identifier of [names.camelName, names.camelNamePlural]) {
    if (RESERVED_WORDS.has(identifier.toLowerCase())) {
      return `entity name "${entity}" is a reserved word in JavaScript/TypeScript`;
    }
    if (GLOBALS.has(identifier.toLowerCase())) {
      return `entity name "${entity}" would shadow the JavaScript global ${names.className}; choose another name`;
    }
  }
  const clash = [names.className, names.classNamePlural, names.camelName, names.camelNamePlural].find((name) =>
    DECLARED.has(name),
  );
  if (clash) return `entity name "${entity}" clashes with ${clash} in the generated code; choose another name`;
  return undefined;
}

/**
 * Checks a port as typed by a user: a whole number from 1 to 65535 in decimal digits.
 *
 *   "8080" -> undefined;  "0", "65536", "80a", "8080.0" -> an error message
 */
export function validatePort(input: string, label = 'port'): string | undefined {
  if (!/^\d+$/.test(input.trim())) return `${label} must be a whole number from 1 to 65535: ${input}`;
  const port = Number(input.trim());
  if (port < 1 || port > 65535) return `${label} must be from 1 to 65535: ${input}`;
  return undefined;
}

/** Checks that the two ports differ: both servers listen at once. */
export function validatePortPair(port: number, managementPort: number): string | undefined {
  return port === managementPort
    ? `the service port and the management port must differ (both are ${port})`
    : undefined;
}
