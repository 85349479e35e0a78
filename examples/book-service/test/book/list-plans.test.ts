import { randomBytes } from 'node:crypto';

import type { Knex } from 'knex';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { nextCursor, type PagePlan, pagePlan, pageQueries } from '../../src/book/book.list.js';
import { BookModel } from '../../src/book/book.model.js';
import { LIST_KEYS, type ListKey, type ListQuery } from '../../src/book/book.schema.js';
import { FIELDS, numbered, RULES, tooFew } from '../support/factory.js';
import { runnable } from '../support/helpers.js';
import { onTableCopy, TEXT_KEYS } from '../support/list-helpers.js';
import { releaseDatabase, reserveDatabase, sharedDatabase } from '../support/shared-database.js';
import { insertRows } from '../support/table-rows.js';

// PGlite is PostgreSQL itself, compiled to WebAssembly: the same planner, so these checks run on both databases.

/** Enough rows that reading the whole table costs the planner far more than any index. */
const ROWS = 20_000;
const KEY = randomBytes(32);

const test = suite('list: every query the list sends is read through an index');
reserveDatabase();
test.after(releaseDatabase);

/**
 * The plan the list builds for a first page of 20 in the order of `sort` (`-createdAt`) with these
 * filters. Not validated: the filled values need not pass the fields' rules to be planned for.
 */
function plan(sort: string, parameters: Partial<ListQuery> = {}): PagePlan {
  const sortKeys = [{ key: sort.replace(/^-/, '') as ListKey, descending: sort.startsWith('-') }];
  return pagePlan({ pageSize: 20, sort: sortKeys, ...parameters }, KEY);
}

/** PostgreSQL's plan of each query of a page, as text. */
async function explain(trx: Knex.Transaction, page: PagePlan): Promise<string[]> {
  return Promise.all(
    pageQueries(page).map(async (query) => {
      const { sql, bindings } = query.toKnexQuery().toSQL();
      const result = (await trx.raw(`explain ${sql}`, bindings)) as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    }),
  );
}

runnable(test, tooFew(ROWS))(`first pages, cursor pages, each sort both ways and each filter, over ${ROWS} rows`, async () => {
  const db = await sharedDatabase();
  // A copy of the table, with its indexes.
  await onTableCopy(db.knex, 'list_plans', async (trx) => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    await insertRows(
      trx,
      Array.from({ length: ROWS }, (_, i) => {
        const n = i + 1;
        // Every tenth row leaves what it may empty, so that nulls get sorted and skipped too.
        const fields =
          n % 10 === 0
            ? Object.fromEntries(FIELDS.map((field) => [field, RULES[field].nullable ? null : numbered(n)[field]]))
            : numbered(n);
        return {
          id: n,
          fields,
          createdAt: new Date(start + Math.floor(n / 3) * 1000).toISOString(),
          updatedAt: new Date(start + (n % 5000)).toISOString(),
          // A hundred authors, and every tenth row of none (made without a token).
          ...(n % 10 === 0 ? {} : { createdBy: `user-${n % 100}`, updatedBy: `user-${n % 37}` }),
        };
      }),
    );
    await trx.raw('analyze ??', [BookModel.tableName]);
    // Rows deep in the table, for cursors and filter values: the middle one, and one with every optional field empty.
    const middle = await BookModel.query(trx)
      .orderBy('id')
      .offset(ROWS / 2)
      .first();
    const empty = await BookModel.query(trx).where('id', 10).first();
    // Each shape, and for a prefix what the index must be searched by: the range, not a filter on every row read.
    const shapes: [string, PagePlan, RegExp?][] = [];
    for (const key of LIST_KEYS) {
      for (const sort of [key, `-${key}`]) {
        shapes.push([`sort=${sort}`, plan(sort)]);
        for (const row of [middle!, empty!]) {
          const after = nextCursor(plan(sort), row, KEY);
          shapes.push([`sort=${sort} after row ${row.id}`, plan(sort, { after })]);
        }
      }
      // A filter looks for a value: the middle row's, or the first row's where the middle one has none
      // (a unique field that may be null is null beyond its values).
      const value = middle![key as ListKey] ?? (numbered(1) as Record<string, unknown>)[key];
      // An exact match in id order; ranges and sets in the order of their key, as the list requires.
      shapes.push([`${key}=${value}`, plan('id', { [key]: value })]);
      for (const operator of ['[gt]', '[gte]', '[lt]', '[lte]']) {
        for (const sort of [key, `-${key}`]) {
          shapes.push([`${key}${operator}=${value}&sort=${sort}`, plan(sort, { [`${key}${operator}`]: value })]);
        }
      }
      shapes.push([`${key}[in]&sort=${key}`, plan(key, { [`${key}[in]`]: [value, empty![key as ListKey] ?? value] })]);
      const text = TEXT_KEYS.find((textKey) => textKey.key === key);
      if (text !== undefined) {
        // A prefix of one character and one of three, read as a range of the index; from a cursor too.
        for (const [sort, prefix] of [
          [key, String(value).slice(0, 1)],
          [`-${key}`, String(value).slice(0, 3)],
        ] as const) {
          const filter = { [`${key}[prefix]`]: prefix };
          const range = new RegExp(`Index Cond: .*\\b${text.column}\\b[^ ]* >= '${prefix}'.* < '`);
          shapes.push([`${key}[prefix]=${prefix}&sort=${sort}`, plan(sort, filter), range]);
          const after = nextCursor(plan(sort, filter), middle!, KEY);
          shapes.push([`${key}[prefix]=${prefix}&sort=${sort} after row ${middle!.id}`, plan(sort, { ...filter, after }), range]);
        }
      }
    }
    for (const [shape, page, bound] of shapes) {
      for (const text of await explain(trx, page)) {
        if (bound !== undefined) assert.match(text, bound, `${shape}:\n${text}`);
        assert.match(text, /Index Scan|Index Only Scan|Bitmap Index Scan/, `${shape}:\n${text}`);
        assert.not.match(text, /Seq Scan/, `${shape}:\n${text}`);
      }
    }
  });
});

test.run();
