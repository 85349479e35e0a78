import fc from 'fast-check';
import type { Knex } from 'knex';
import * as assert from 'uvu/assert';

import { ProductModel } from '../../src/product/product.model.js';
import { LIST_KEYS } from '../../src/product/product.schema.js';
import { distinctCreates, fieldValues } from './arbitraries.js';
import { FIELDS, type Field, numbered, RULES, UNIQUE_FIELDS } from './factory.js';
import { create, type Service } from './helpers.js';

// What the list tests share: rows with values to sort and filter by, the expected order, and walks along Link rel="next".

export const PATH = '/api/products';
export const TABLE = ProductModel.tableName;
export type Row = Record<string, unknown> & { id: number };

/** The keys the list sorts and filters by: their columns, and whether rows may leave them empty or must keep them unique. */
export const KEYS = LIST_KEYS.map((key) => ({
  key,
  column: ProductModel.propertyNameToColumnName(key),
  nullable: RULES[key as Field]?.nullable === true,
  unique: key === 'id' || UNIQUE_FIELDS.includes(key as Field),
}));

/** The keys of text, which also filter by [prefix], and how long their values may be. */
export const TEXT_KEYS = KEYS.flatMap(({ key, column }) => {
  const rules = RULES[key as Field];
  // Plain text and email addresses; not dates, date-times, UUIDs or enums, which compare otherwise.
  const text = rules?.type === 'string' && (rules.format === undefined || rules.format === 'email') && rules.enum === undefined;
  return text ? [{ key, column, maxLength: rules.maxLength ?? Number.MAX_SAFE_INTEGER }] : [];
});

/** A field the list neither sorts nor filters by, or undefined when it has an index on every one. */
export const UNLISTED = FIELDS.find((field) => !(LIST_KEYS as readonly string[]).includes(field));

/** The fields among them, which the rows below give repeated values (or none) so that ties and gaps get sorted. */
const FIELD_KEYS = KEYS.flatMap(({ key, ...rest }) => (key in fieldValues ? [{ key: key as Field, ...rest }] : []));

/**
 * `count` valid create bodies where each list field has values to sort and filter by: a unique
 * one its own value in each row, any other one of three values (so rows tie); an optional one
 * is null in every third (unique) or fourth row. No value is empty text, which no filter takes, or
 * holds a comma, which an `[in]` list cannot (a comma always separates its values).
 */
export function bodies(count: number): Record<string, unknown>[] {
  const filterable = (value: unknown) => value !== null && value !== '' && !(typeof value === 'string' && value.includes(','));
  const given = (key: keyof typeof fieldValues) => (fieldValues[key] as fc.Arbitrary<unknown>).filter(filterable);
  // A unique key takes each row's numbered value, distinct by construction; any other, one of three drawn.
  const values = Object.fromEntries(
    FIELD_KEYS.map(({ key, unique }) => [
      key,
      unique ? Array.from({ length: count }, (_, i) => numbered(i + 1)[key]) : fc.sample(given(key), 3),
    ]),
  );
  return fc.sample(distinctCreates(count), 1)[0]!.map((body, i) => {
    const row: Record<string, unknown> = { ...body };
    for (const { key, nullable, unique } of FIELD_KEYS) {
      // The first row keeps a unique key's first value: one with a single value is null beyond it.
      const empty = nullable && (unique ? i % 3 === 2 : i % 4 === 3);
      row[key] = empty ? null : values[key]![unique ? i : i % 3];
    }
    return row;
  });
}

/** Creates `count` rows, then gives the timestamps three values each, so that they tie too. */
export async function fill(s: Service, count: number): Promise<void> {
  for (const body of bodies(count)) await create(s, body);
  await s.db.knex.raw(
    "update ?? set created_at = timestamptz '2026-01-01T00:00:00.000Z' + (id % 3) * interval '1 day', " +
      "updated_at = timestamptz '2026-02-01T00:00:00.000Z' - (id % 3) * interval '1 hour'",
    [TABLE],
  );
}

/** The ids the list holds, in the database's own order for `sort` (a full sort, no cursor), optionally filtered. */
export async function expectedIds(s: Service, sort: string, where?: (query: ReturnType<Service['db']['knex']>) => void): Promise<number[]> {
  const query = s.db.knex(TABLE);
  where?.(query);
  const keys = sort.split(',').map((part) => ({ key: part.replace(/^-/, ''), direction: part.startsWith('-') ? 'desc' : 'asc' }));
  if (!keys.some(({ key }) => key === 'id')) keys.push({ key: 'id', direction: keys.at(-1)!.direction });
  for (const { key, direction } of keys) query.orderBy(KEYS.find((k) => k.key === key)!.column, direction as 'asc' | 'desc');
  return query.pluck('id');
}

/** A value as a query string carries it: numbers in plain decimals, as people write them (the service also reads String(2.4e-7)'s exponent form). */
export function queryValue(value: unknown): string {
  const text = typeof value === 'number' ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : String(value);
  return encodeURIComponent(text);
}

/** The next page's address from a Link header, or undefined on the last page. */
export function nextLink(response: Response): string | undefined {
  const link = response.headers.get('link');
  if (link === null) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  assert.ok(match, `Link: ${link}`);
  return match[1];
}

/** Follows Link rel="next" from `first`; calls `between` before each next page. The ids seen, in order. */
export async function walk(s: Service, first: string, between: () => Promise<void> = async () => {}): Promise<number[]> {
  const ids: number[] = [];
  let next: string | undefined = first;
  for (let pages = 0; next !== undefined; pages++) {
    assert.ok(pages < 1_000, 'the walk ends');
    const response = await s.api(next);
    assert.is(response.status, 200, `${next}: ${await response.clone().text()}`);
    ids.push(...((await response.json()) as Row[]).map((row) => row.id));
    next = nextLink(response);
    if (next !== undefined) await between();
  }
  return ids;
}

/**
 * Runs `check` in a transaction on a copy of the table, with its indexes, in a schema of its own
 * named `schema`; everything is rolled back at the end, whether the check passed or not.
 */
export async function onTableCopy(knex: Knex, schema: string, check: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  await knex
    .transaction(async (trx) => {
      await trx.raw('create schema ??', [schema]);
      await trx.raw('create table ??.?? (like ?? including all)', [schema, TABLE, TABLE]);
      await trx.raw('set local search_path = ??', [schema]);
      await check(trx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}

/** Thrown to roll the transaction back once the check passed. */
class RolledBack extends Error {}
