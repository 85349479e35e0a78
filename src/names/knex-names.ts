/** PostgreSQL keeps the first 63 bytes of a longer name (NAMEDATALEN - 1). */
export const MAX_IDENTIFIER_BYTES = 63;

/**
 * The name knex gives what it makes on columns of a table: the table, the columns and the kind,
 * joined by `_` (as its TableCompiler._indexCommand does).
 *
 *   ('books', ['isbn'], 'unique') -> 'books_isbn_unique';  ('books', ['title', 'id'], 'index') -> 'books_title_id_index'
 */
export function knexName(table: string, columns: readonly string[], kind: 'unique' | 'index' | 'check'): string {
  return `${table}_${columns.join('_')}_${kind}`;
}
