import { capitalize, entityWords } from './entity-names.js';

/** PostgreSQL cuts identifiers at 63 bytes; index names add the table's name to the column's. */
export const MAX_FIELD_NAME_LENGTH = 40;

/**
 * The service's own fields (deletedAt and deletedBy where soft delete is on, tenantId's column where
 * tenancy is: reserved either way so that either can be turned on).
 */
const SERVICE_FIELDS = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'deletedAt', 'deletedBy', 'tenantId']);

/**
 * camelCase names an Objection model instance or class, or every JavaScript object, already has
 * (`$`-prefixed names are refused by the identifier rule). test/fields-names.test.ts reads
 * objection's Model and Object.prototype and fails when this list misses one.
 */
const MODEL_MEMBERS = new Set([
  // Object.prototype
  'constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString', 'valueOf',
  // Model.prototype
  'toJSON',
  // Model's statics (beside every function's length, name and prototype): one name, two meanings to a reader
  'objectionModelClass', 'fromJson', 'fromDatabaseJson', 'onCreateQuery', 'beforeFind', 'afterFind', 'beforeInsert',
  'afterInsert', 'beforeUpdate', 'afterUpdate', 'beforeDelete', 'afterDelete', 'omitImpl', 'joinTableAlias',
  'createValidator', 'modifierNotFound', 'createNotFoundError', 'createValidationError', 'getTableName', 'getIdColumn',
  'getValidator', 'getJsonSchema', 'getJsonAttributes', 'getColumnNameMappers', 'getConcurrency', 'getModifiers',
  'columnNameToPropertyName', 'propertyNameToColumnName', 'getReadOnlyAttributes', 'getIdRelationProperty',
  'getIdColumnArray', 'getIdPropertyArray', 'getIdProperty', 'getRelationMappings', 'getRelations', 'getRelationNames',
  'getVirtualAttributes', 'getDefaultGraphOptions', 'getRelatedFindQueryMutates', 'getRelatedInsertQueryMutates',
  'query', 'relatedQuery', 'fetchTableMetadata', 'tableMetadata', 'knex', 'transaction', 'startTransaction', 'raw',
  'ref', 'fn', 'knexQuery', 'uniqueTag', 'bindKnex', 'bindTransaction', 'ensureModel', 'ensureModelArray',
  'getRelationUnsafe', 'getRelation', 'fetchGraph', 'traverse', 'traverseAsync', 'isObjectionModelClass', 'tableName',
  'jsonSchema', 'idColumn', 'uidProp', 'uidRefProp', 'dbRefProp', 'propRefRegex', 'jsonAttributes',
  'cloneObjectAttributes', 'virtualAttributes', 'relationMappings', 'modelPaths', 'pickJsonSchemaProperties',
  'defaultGraphOptions', 'defaultFindOptions', 'modifiers', 'useLimitInFirst', 'columnNameMappers',
  'relatedFindQueryMutates', 'relatedInsertQueryMutates', 'concurrency',
]);

/**
 * Words a field's const in the schema module cannot take (strict-mode JavaScript and TypeScript),
 * and globals it must not shadow.
 */
const SCRIPT_RESERVED = new Set([
  'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else',
  'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new',
  'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with',
  'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'arguments',
  'eval', 'undefined', 'NaN', 'Infinity', 'as', 'satisfies', 'type', 'declare', 'namespace', 'module', 'keyof',
  'readonly', 'infer', 'is', 'asserts', 'unique', 'abstract', 'override', 'accessor',
  // Biome, the project's formatter, cannot read `async!: string` in the model class.
  'async',
  // Globals Biome's linter forbids shadowing (noShadowRestrictedNames) that a camelCase name can spell.
  'globalThis', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'escape', 'unescape',
]);

/**
 * PostgreSQL's reserved key words (its documentation, appendix C): a column so named must be
 * quoted in every query an owner writes by hand, the bench's SQL included. Compared with the
 * column name, so `currentDate` (current_date) is refused too.
 */
const SQL_RESERVED = new Set([
  'all', 'analyse', 'analyze', 'and', 'any', 'array', 'as', 'asc', 'asymmetric', 'both', 'case', 'cast', 'check',
  'collate', 'column', 'constraint', 'create', 'current_catalog', 'current_date', 'current_role', 'current_time',
  'current_timestamp', 'current_user', 'default', 'deferrable', 'desc', 'distinct', 'do', 'else', 'end', 'except',
  'false', 'fetch', 'for', 'foreign', 'from', 'grant', 'group', 'having', 'in', 'initially', 'intersect', 'into',
  'lateral', 'leading', 'limit', 'localtime', 'localtimestamp', 'not', 'null', 'offset', 'on', 'only', 'or', 'order',
  'placing', 'primary', 'references', 'returning', 'select', 'session_user', 'some', 'symmetric', 'table', 'then',
  'to', 'trailing', 'true', 'union', 'unique', 'user', 'using', 'variadic', 'when', 'where', 'window', 'with',
]);

/**
 * What the generated schema module declares beside the fields' own consts, and the list query's
 * parameters (a field becomes a filter parameter of the same name). test/fields-names.test.ts
 * checks this against the rendered schema module.
 */
const GENERATED_NAMES = new Set([
  'storableText', 'textMessages', 'textPrefix', 'calendarDate', 'dateMessages', 'storableInstant', 'instantMessages', 'timestamp', 'idRule',
  'listQueryRules', 'page', 'pageSize', 'sort', 'after', 'count', 'filterParameters', 'sortParameter', 'tokenSubject', 'setByService',
]);

/**
 * The column a field is stored in, as Objection's snakeCaseMappers() writes it.
 *
 *   name -> name;  createdAt -> created_at;  isbn13 -> isbn13;  unitPrice -> unit_price
 */
export function columnName(field: string): string {
  return field.replace(/[A-Z]/g, (capital) => `_${capital.toLowerCase()}`);
}

/** A field's name in prose: `unitPrice` -> `unit price`. */
export function fieldLabel(field: string): string {
  return columnName(field).replaceAll('_', ' ');
}

/**
 * A field name as a person types it, in the camelCase the spec keeps: words separated by `_`, `-`
 * or spaces are joined as entity names are (`entityWords`). Any other spelling is kept as typed,
 * for validateFieldName to judge: a capital is the owner's to choose, not ours to guess.
 *
 *   tracking_number, tracking-number, "tracking number", Tracking_Number -> trackingNumber
 *   isbn_13 -> isbn13;  unitPrice -> unitPrice;  userID -> userID (then refused)
 */
export function fieldNameFromInput(input: string): string {
  const name = input.trim();
  if (!/^[A-Za-z][A-Za-z0-9]*(?:[ _-][A-Za-z0-9]+)+$/.test(name)) return name;
  return entityWords(name)
    .map((word, index) => (index === 0 ? word : capitalize(word)))
    .join('');
}

/**
 * Checks a field name; returns an error message, or undefined when the name is usable.
 *
 *   "title", "unitPrice", "isbn13", "pointX" -> undefined
 *   "Title", "2nd", "userID" -> not a camelCase identifier; "unit_price" -> the same, naming unitPrice
 *   "createdAt", "toJSON", "query", "class", "order" -> clashes, each named
 */
export function validateFieldName(name: string): string | undefined {
  // No two capitals in a row: `userID` and `userId` would both be stored in user_id.
  // A capital may end the name (pointX, planB).
  if (!/^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)*[A-Z]?$/.test(name)) {
    const converted = fieldNameFromInput(name);
    const hint = converted === name ? 'e.g. unitPrice, userId' : `here ${converted}`;
    return `field name "${name}" must be a camelCase identifier: a lowercase letter, then letters and digits, no two capitals in a row (${hint})`;
  }
  if (name.length > MAX_FIELD_NAME_LENGTH) {
    return `field name "${name}" must be at most ${MAX_FIELD_NAME_LENGTH} characters (got ${name.length})`;
  }
  if (SERVICE_FIELDS.has(name)) return `field name "${name}" is one of the service's own fields (${[...SERVICE_FIELDS].join(', ')})`;
  if (MODEL_MEMBERS.has(name)) return `field name "${name}" clashes with what an Objection model or JavaScript object already has`;
  if (SCRIPT_RESERVED.has(name)) return `field name "${name}" is a reserved word in JavaScript/TypeScript`;
  if (SQL_RESERVED.has(columnName(name))) return `field name "${name}" (column ${columnName(name)}) is a reserved word in SQL`;
  if (GENERATED_NAMES.has(name)) return `field name "${name}" clashes with ${name} in the generated code`;
  return undefined;
}
