import type { Knex } from 'knex';

/** The collation a column's text is compared by, and whether that compares it code point by code point. */
export interface Collation {
  /** As the database names it: `C`, `C.UTF-8`, `en_US.UTF-8`, `en-x-icu (ICU)`. */
  name: string;
  /**
   * C, POSIX and C.UTF-8 order text by code point (`B` < `a` < `é`): every text that starts
   * with a prefix then lies between the prefix and its next text, one range of an index.
   * Language collations (en_US.UTF-8, ICU) weigh letters, accents and punctuation apart.
   */
  byCodePoint: boolean;
}

const CODE_POINT_LOCALES = /^(C|POSIX|C\.UTF-?8)$/i;

// A column's collation changes only by a migration, which the service runs before it serves.
const known = new WeakMap<Knex, Map<string, Promise<Collation>>>();

/** The collation of `table.column`, asked of the database once per process. */
export function columnCollation(knex: Knex, table: string, column: string): Promise<Collation> {
  const columns = known.get(knex) ?? new Map<string, Promise<Collation>>();
  known.set(knex, columns);
  const key = `${table}.${column}`;
  let collation = columns.get(key);
  if (collation === undefined) {
    collation = askDatabase(knex, table, column);
    columns.set(key, collation);
    // Not kept when the database could not answer: the next request asks again.
    collation.catch(() => columns.delete(key));
  }
  return collation;
}

async function askDatabase(knex: Knex, table: string, column: string): Promise<Collation> {
  // The column's own collation, or the database's when it has the default one (provider 'd').
  const { rows } = await knex.raw<{ rows: { provider: string; name: string; locale: string | null }[] }>(
    `select case when coll.collprovider = 'd' then db.datlocprovider else coll.collprovider end as provider,
            case when coll.collprovider = 'd' then db.datcollate else coll.collname end as name,
            case when coll.collprovider = 'd' then db.datcollate else coll.collcollate end as locale
       from pg_attribute attribute
       join pg_collation coll on coll.oid = attribute.attcollation
       join pg_database db on db.datname = current_database()
      where attribute.attrelid = ?::regclass and attribute.attname = ?`,
    [table, column],
  );
  const [row] = rows;
  if (row === undefined) throw new Error(`no text column ${table}.${column} in the database`);
  // The builtin provider (PostgreSQL 17 and later) has only code point orders: C, C.UTF-8, PG_UNICODE_FAST.
  const byCodePoint = row.provider === 'b' || (row.provider === 'c' && CODE_POINT_LOCALES.test(row.locale ?? ''));
  return { name: row.provider === 'i' ? `${row.name} (ICU)` : row.name, byCodePoint };
}
