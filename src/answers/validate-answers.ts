import pluralize from 'pluralize';

import type { FieldSpec } from '../fields/field-spec.js';
import { entityNames, entityWords } from '../names/entity-names.js';
import { columnName } from '../names/field-name.js';
import { knexName, MAX_IDENTIFIER_BYTES } from '../names/knex-names.js';

/** Longer names make unwieldy identifiers, tables and URLs; PostgreSQL cuts identifiers at 63 bytes. */
export const MAX_ENTITY_LENGTH = 40;

/**
 * The tables the service keeps for itself beside the entity's: an entity whose table would take one
 * of these names cannot have it. Every other name works, whatever it means in TypeScript or SQL:
 * the generated code derives compound identifiers from it (OrderModel, createOrder) and quotes it in SQL.
 */
const OWN_TABLES = new Set(['idempotency_keys', 'rate_limits', 'knex_migrations', 'knex_migrations_lock']);

/**
 * Checks an entity name as typed by a user. Returns an error message, or undefined when the name is
 * usable; the same check serves the prompt and the command-line argument.
 *
 *   "OrderLine", "order-line", "order line" -> undefined
 *   "" -> "entity name is required"
 *   "2Fast" -> "entity name must start with a letter: 2Fast"
 *   "Über" -> "entity name must use only ASCII letters (A-Z, a-z) and digits, ..."
 *   "Class", "Model", "Date" -> undefined (ClassModel, DateModel, createDate: names never clash)
 *   "Rate limit" -> "... would name its table rate_limits, which the service keeps for itself ..."
 */
export function validateEntity(input: string, plural?: string): string | undefined {
  const entity = input.trim();
  const spelling = entitySpellingProblem(entity);
  if (spelling) return spelling;
  if (plural !== undefined) {
    const problem = pluralProblem(entity, plural);
    if (problem) return problem;
  } else {
    const singular = singularOf(entity);
    // pluralize reads Lens as the plural of Len: only the owner knows which it is.
    if (singular !== undefined) {
      return `entity name "${entity}" looks plural; name one record instead (e.g. "${singular}"), or, if "${entity}" is one record, give its plural with --plural`;
    }
  }
  const names = entityNames(entity, plural);
  if (names.className === names.classNamePlural) {
    return `entity name "${entity}" has no distinct plural form; choose a countable noun`;
  }
  if (OWN_TABLES.has(names.tableName)) {
    return `entity name "${entity}" would name its table ${names.tableName}, which the service keeps for itself; choose another name`;
  }
  return undefined;
}

/** Why an entity name is not spelled as one (empty, too long, other characters): the checks before its meaning. */
export function entitySpellingProblem(input: string): string | undefined {
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
  return undefined;
}

/**
 * The singular of an entity name that reads as a plural (its last word), or undefined when it reads
 * as one record: only its owner knows whether `Lens` is one lens or several Lens.
 *
 *   "OrderLines" -> "OrderLine";  "Lens" -> "Len";  "OrderLine" -> undefined
 */
export function singularOf(entity: string): string | undefined {
  const words = entityWords(entity.trim());
  const last = words.at(-1) ?? '';
  if (!pluralize.isPlural(last) || pluralize.singular(last) === last) return undefined;
  return entityNames([...words.slice(0, -1), pluralize.singular(last)].join(' ')).className;
}

/** Whether a well-spelled entity name reads as a plural and no plural was given: then the prompt asks for it. */
export function pluralUnknown(entity: string, plural?: string): boolean {
  return plural === undefined && entitySpellingProblem(entity) === undefined && singularOf(entity) !== undefined;
}

/** Why `plural` cannot be the plural of `entity`: the same words but the last, which differs, and spelled as an entity is. */
function pluralProblem(entity: string, plural: string): string | undefined {
  const spelled = plural.trim();
  if (!/^[A-Za-z][A-Za-z0-9]*(?:[ _-][A-Za-z0-9]+)*$/.test(spelled) || spelled.length > MAX_ENTITY_LENGTH) {
    return `plural must be spelled as an entity name is (ASCII letters and digits, at most ${MAX_ENTITY_LENGTH} characters): ${spelled}`;
  }
  const words = entityWords(entity);
  const pluralWords = entityWords(spelled);
  const sameStart = pluralWords.length === words.length && words.slice(0, -1).every((word, i) => word === pluralWords[i]);
  if (!sameStart || pluralWords.at(-1) === words.at(-1)) {
    return `plural "${spelled}" must be the entity name "${entity}" with its last word in the plural`;
  }
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

/**
 * Why a field's name clashes with a name the schema module derives from the entity, or undefined:
 * each field's rule is a const of the field's name beside `<entity>Schema` and its create and update
 * schemas (a field `productSchema` of Product would declare productSchema twice).
 */
export function fieldNameClash(entity: string, name: string, plural?: string): string | undefined {
  const { camelName, label } = entityNames(entity, plural);
  const own = [`${camelName}Schema`, `${camelName}CreateSchema`, `${camelName}UpdateSchema`];
  return own.includes(name) ? `field name "${name}" clashes with ${name}, the ${label}'s schema in the generated code; choose another name` : undefined;
}

/**
 * Why the fields cannot be used with this entity, or undefined: a field's name clashes with one the
 * generated code derives from the entity (fieldNameClash), or would give an index or constraint a
 * name longer than PostgreSQL keeps. knex names them after the table and the column
 * (`<table>_<column>_unique`, `_index`, `_id_index` for the list's index, `_check` for an enum);
 * PostgreSQL cuts a longer one, and two cut alike collide, so the migration fails. Names are
 * ASCII, so characters are bytes. Where tenants are kept apart (`tenancy`), every index and unique
 * constraint leads with tenant_id: longer names, the service's own list keys' among them.
 */
export function entityFieldsProblem(entity: string, fields: readonly FieldSpec[], plural?: string, tenancy = false): string | undefined {
  const { tableName } = entityNames(entity, plural);
  const lead = tenancy ? ['tenant_id'] : [];
  if (tenancy) {
    for (const column of ['created_at', 'updated_at', 'created_by', 'updated_by']) {
      const name = knexName(tableName, [...lead, column, 'id'], 'index');
      if (name.length > MAX_IDENTIFIER_BYTES) {
        return `entity name "${entity}": keeping tenants apart, its table ${tableName} would have an index named ${name}, ${name.length - MAX_IDENTIFIER_BYTES} characters past the ${MAX_IDENTIFIER_BYTES} PostgreSQL keeps: shorten the entity's name`;
      }
    }
  }
  for (const field of fields) {
    const clash = fieldNameClash(entity, field.name, plural);
    if (clash !== undefined) return clash;
    const column = columnName(field.name);
    const names = [
      ...(field.unique ? [knexName(tableName, [...lead, column], 'unique')] : []),
      ...(field.index ? [knexName(tableName, [...lead, column], 'index')] : []),
      // The list's index on (column, id), for a unique or indexed field.
      ...(field.unique || field.index ? [knexName(tableName, [...lead, column, 'id'], 'index')] : []),
      ...(field.type === 'enum' ? [knexName(tableName, [column], 'check')] : []),
    ];
    for (const name of names) {
      if (name.length <= MAX_IDENTIFIER_BYTES) continue;
      return (
        `field "${field.name}": with the table ${tableName}, its index would be named ${name}, ` +
        `${name.length - MAX_IDENTIFIER_BYTES} characters past the ${MAX_IDENTIFIER_BYTES} PostgreSQL keeps: shorten the field name or the entity's`
      );
    }
  }
  return undefined;
}

/**
 * Why a field cannot be in a service with soft delete, or undefined: the list's `deleted`
 * parameter (deleted=only|include) would take the place of a field's own filter of that name.
 */
export function softDeleteFieldProblem(fields: readonly FieldSpec[]): string | undefined {
  return fields.some((field) => field.name === 'deleted')
    ? 'field name "deleted" is the list\'s parameter for deleted records where soft delete is on (deleted=only|include): name the field otherwise'
    : undefined;
}

/** A token claim as identity providers name them: `org_id`, `tenant`, or a namespaced URL (Auth0's custom claims). */
const CLAIM = /^[A-Za-z][\x21-\x7e]{0,199}$/;

/**
 * Checks the claim that names a request's tenant (`--tenant-claim`). Returns an error message, or
 * undefined when it is usable.
 *
 *   "org_id", "tenant", "https://example.com/tenant" -> undefined
 *   "", "org id", "2fa" -> a message naming the rule
 */
export function validateTenantClaim(claim: string): string | undefined {
  if (CLAIM.test(claim)) return undefined;
  return `tenant claim must be a token claim's name: a letter, then up to 199 visible ASCII characters without spaces (e.g. org_id): ${JSON.stringify(claim)}`;
}

/** The tenant that a table's stored rows go to when update turns tenancy on: what a token's claim could hold. */
export function validateTenantValue(tenant: string): string | undefined {
  if (/^[\x21-\x7e]{1,255}$/.test(tenant)) return undefined;
  return `existingRowsTenant must be a tenant as the claim names it: 1 to 255 visible ASCII characters: ${JSON.stringify(tenant)}`;
}
