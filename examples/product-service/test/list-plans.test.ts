import { randomBytes } from 'node:crypto';

import type { Knex } from 'knex';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { nextCursor, type PagePlan, pagePlan, pageQueries } from '../src/product/product.list.js';
import { Product } from '../src/product/product.model.js';
import { LIST_KEYS, type ListKey, type ListQuery } from '../src/product/product.schema.js';
import { onTableCopy } from './list-helpers.js';
import { releaseDatabase, reserveDatabase, sharedDatabase } from './shared-database.js';

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

test(`first pages, cursor pages, each sort both ways and each filter, over ${ROWS} rows`, async () => {
  const db = await sharedDatabase();
  // A copy of the table, with its indexes, filled by SQL.
  await onTableCopy(db.knex, 'list_plans', async (trx) => {
    await trx.raw(
      `insert into products (id, name, description, price, quantity, created_at, updated_at) select n, ` +
        "'Widget ' || (n % 1000)::text, " +
        "case when n % 10 = 0 then null else 'A small widget ' || (n % 1000)::text end, " +
        '((n % 1000) + 1) * 0.25, ' +
        '(n % 1000) + 1, ' +
        "timestamptz '2026-01-01T00:00:00Z' + (n / 3) * interval '1 second', " +
        "timestamptz '2026-01-01T00:00:00Z' + (n % 5000) * interval '1 millisecond'" +
        ` from generate_series(1, ${ROWS}) as n`,
    );
    await trx.raw('analyze products');
    // Rows deep in the table, for cursors and filter values: the middle one, and one with every optional field empty.
    const middle = await Product.query(trx)
      .orderBy('id')
      .offset(ROWS / 2)
      .first();
    const empty = await Product.query(trx).where('id', 10).first();
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
      const value = middle![key as ListKey];
      // An exact match in id order; ranges and sets in the order of their key, as the list requires.
      shapes.push([`${key}=${value}`, plan('id', { [key]: value })]);
      for (const operator of ['[gt]', '[gte]', '[lt]', '[lte]']) {
        for (const sort of [key, `-${key}`]) {
          shapes.push([`${key}${operator}=${value}&sort=${sort}`, plan(sort, { [`${key}${operator}`]: value })]);
        }
      }
      shapes.push([`${key}[in]&sort=${key}`, plan(key, { [`${key}[in]`]: [value, empty![key as ListKey] ?? value] })]);
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
