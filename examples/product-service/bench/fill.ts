/**
 * Fills products for `npm run bench -- --rows N`: row n holds the tests' numbered body n
 * (test/support/factory.ts), whose values pass every rule and never repeat a unique field's value, so the
 * service reads them back as it reads its own. Rows go in 10,000 a statement.
 */
import type { Knex } from 'knex';

import { CAPACITY, numbered, tooFew } from '../test/support/factory.js';
import { insertRows } from '../test/support/table-rows.js';

const BATCH = 10_000;
/** Who wrote the rows: each author holds 1 row in AUTHORS, so "my items" is a thin slice of a large table. */
export const AUTHORS = 1_000;

/** Why the fill cannot add `rows` rows, or undefined when it can. */
export function fillProblem(rows: number): string | undefined {
  const reason = tooFew(rows);
  return reason === undefined ? undefined : `the fill adds to products at most ${CAPACITY.count} rows: ${reason}`;
}

/**
 * Inserts the rows numbered `from` to `from + count - 1`, row 0 created at `firstCreatedAt` and
 * each next one a second later, by one of AUTHORS authors in turn (`user-0`, `user-1`, ...), and
 * returns how many it inserted: a row whose unique value the table already holds is left out.
 */
export async function insertNumbered(knex: Knex, from: number, count: number, firstCreatedAt: Date): Promise<number> {
  let inserted = 0;
  for (let start = from; start < from + count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, from + count - start) }, (_, i) => {
      const n = start + i;
      const at = new Date(firstCreatedAt.getTime() + n * 1000).toISOString();
      const author = `user-${n % AUTHORS}`;
      return { fields: numbered(n + 1), createdAt: at, updatedAt: at, createdBy: author, updatedBy: author };
    });
    inserted += await insertRows(knex, rows);
  }
  return inserted;
}
