/**
 * Fills products for `npm run bench -- --rows N` in one statement, insert ... select over
 * generate_series (a million rows in seconds): row n's values are made from n, each passes its
 * field's rules, so the service reads them back as it reads its own, and a unique field's value
 * is distinct for every n.
 */
import type pg from 'pg';

/** The most rows the fill adds, and why no more. */
const MOST_ROWS = 100_000_000;
const LIMIT = 'at most 100,000,000 rows: rows are numbered from 0 to 99,999,999';

/** Why the fill cannot add `rows` rows, or undefined when it can. */
export function fillProblem(rows: number): string | undefined {
  return rows > MOST_ROWS ? `the fill adds to products ${LIMIT}` : undefined;
}

/** Each column's value in row n. */
const VALUES: [column: string, sql: string][] = [
  ['name', "'Widget ' || (n % 1000)::text"],
  ['description', "'A small widget ' || (n % 1000)::text"],
  ['price', '((n % 1000) + 1) * 0.25'],
  ['quantity', '(n % 1000) + 1'],
];

/** Row n was created n seconds after row 0, and not changed since. */
const CREATED = "$3::timestamptz + n * interval '1 second'";

const COLUMNS = [...VALUES.map(([column]) => column), 'created_at', 'updated_at'];

const INSERT = `insert into "products" (${COLUMNS.map((column) => `"${column}"`).join(', ')})
select ${[...VALUES.map(([, sql]) => sql), CREATED, CREATED].join(', ')}
from generate_series($1::int, $2::int) as n
on conflict do nothing`;

/**
 * Inserts the rows numbered `from` to `from + count - 1`, row 0 created at `firstCreatedAt`, and
 * returns how many it inserted: a row whose unique value the table already holds is left out.
 */
export async function insertRows(db: pg.Client, from: number, count: number, firstCreatedAt: Date): Promise<number> {
  const result = await db.query(INSERT, [from, from + count - 1, firstCreatedAt]);
  return result.rowCount ?? 0;
}
