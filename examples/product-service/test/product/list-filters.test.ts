import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { prefixEnd } from '../../src/http/list-query.js';
import { tooFew } from '../support/factory.js';
import { runnable, useService } from '../support/helpers.js';
import { expectedIds, fill, KEYS, PATH, queryValue, type Row, walk } from '../support/list-helpers.js';

const test = suite('list: filters and counts');
const service = useService(test);

runnable(test, tooFew(15))('each filter, at its boundary, with each sort and across pages', async () => {
  await fill(service(), 15);
  const rows = (await (await service().api(`${PATH}?pageSize=100`)).json()) as Row[];
  for (const { key, column } of KEYS) {
    const value = rows.map((row) => row[key]).find((v) => v !== null);
    const operators = { '': '=', '[gt]': '>', '[gte]': '>=', '[lt]': '<', '[lte]': '<=' } as const;
    for (const [i, [operator, sql]] of Object.entries(operators).entries()) {
      // An exact match may keep the order by id; a range needs the order of its key.
      for (const sort of operator === '' ? ['-id', key] : [[key, `-${key}`][i % 2]!]) {
        const path = `${PATH}?${key}${operator}=${queryValue(value)}&sort=${sort}&pageSize=3`;
        const expected = await expectedIds(service(), sort, (query) => query.where(column, sql, value as string));
        assert.equal(await walk(service(), path), expected, path);
      }
    }
    const some = [...new Set(rows.map((row) => row[key]).filter((v) => v !== null))].slice(0, 3);
    const path = `${PATH}?${key}[in]=${some.map(queryValue).join(',')}&sort=${key}&pageSize=2`;
    assert.equal(await walk(service(), path), await expectedIds(service(), key, (query) => query.whereIn(column, some as string[])), path);
  }
});

runnable(test, tooFew(4))('an exact match on a unique key combines with a range on another key', async () => {
  await fill(service(), 4);
  const rows = (await (await service().api(`${PATH}?pageSize=100`)).json()) as Row[];
  const [, second] = rows as [Row, Row];
  const createdAt = encodeURIComponent(String(second.createdAt));
  const found = await service().api(`${PATH}?id=${second.id}&createdAt[gte]=${createdAt}&sort=-createdAt`);
  assert.is(found.status, 200, await found.clone().text());
  assert.equal(
    ((await found.json()) as Row[]).map((row) => row.id),
    [second.id],
  );
});

runnable(test, tooFew(3))('date-time filters at the limits of their offsets and years are served', async () => {
  await fill(service(), 3);
  for (const query of [
    'createdAt[gte]=2000-01-01T00:00:00%2B23:59&sort=createdAt',
    'createdAt[gt]=0001-01-01T00:00:00Z&sort=createdAt',
    'createdAt[gt]=0001-01-01T00:00:00-23:59&sort=createdAt',
    'updatedAt[lte]=9999-12-31T23:59:59.999Z&sort=-updatedAt',
    'updatedAt[lt]=9999-12-31T23:59:59%2B23:59&sort=updatedAt',
  ]) {
    const response = await service().api(`${PATH}?${query}`);
    assert.is(response.status, 200, `${query}: ${await response.clone().text()}`);
    assert.is(((await response.json()) as Row[]).length, 3, query);
  }
});

/** The instant `utc` (ISO 8601 in UTC) as a clock `minutes` ahead of UTC shows it, e.g. 2026-01-01T23:59:00.000+23:59. */
function atOffset(utc: string, minutes: number): string {
  const clock = new Date(Date.parse(utc) + minutes * 60_000).toISOString().slice(0, 23);
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${clock}${minutes < 0 ? '-' : '+'}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}

runnable(test, tooFew(3))(
  'date-time filters with any offset RFC 3339 allows, beyond the 15:59 PostgreSQL takes, mean the same instant as in UTC',
  async () => {
    await fill(service(), 3);
    const rows = (await (await service().api(`${PATH}?sort=createdAt&pageSize=100`)).json()) as Row[];
    const middle = String(rows[1]!.createdAt);
    const ids = async (query: string) => {
      const response = await service().api(`${PATH}?${query}&pageSize=100`);
      assert.is(response.status, 200, `${query}: ${await response.clone().text()}`);
      return ((await response.json()) as Row[]).map((row) => row.id);
    };
    for (const [filter, sort] of [
      ['createdAt', 'id'],
      ['createdAt[gte]', 'createdAt'],
      ['createdAt[lt]', '-createdAt'],
    ]) {
      const inUtc = await ids(`${filter}=${encodeURIComponent(middle)}&sort=${sort}`);
      assert.ok(inUtc.length > 0 && inUtc.length < rows.length, `${filter} picks some of the rows: ${inUtc}`);
      for (const minutes of [23 * 60 + 59, -(23 * 60 + 59), 16 * 60, -16 * 60, 330]) {
        const query = `${filter}=${encodeURIComponent(atOffset(middle, minutes))}&sort=${sort}`;
        assert.equal(await ids(query), inUtc, query);
      }
    }
  },
);

test('date-time filters on a day the calendar lacks are refused naming the parameter, before the database errs on them', async () => {
  for (const [query, parameter] of [
    ['createdAt=2026-02-30T00:00:00Z', 'createdAt'],
    ['updatedAt[gte]=2026-02-29T12:00:00Z&sort=updatedAt', 'updatedAt[gte]'],
    ['createdAt[in]=2026-01-01T00:00:00Z,2026-04-31T00:00:00Z', 'createdAt[in][1]'],
  ]) {
    const response = await service().api(`${PATH}?${query}`);
    assert.is(response.status, 400, query);
    assert.is(await response.text(), `"${parameter}" must be a date the calendar has`, query);
  }
});

runnable(test, tooFew(4))(
  'a filter number may come in the exponent form of JSON, as String() writes small numbers; a page number may not',
  async () => {
    await fill(service(), 4);
    const ids = async (query: string) => ((await (await service().api(`${PATH}?${query}`)).json()) as Row[]).map((row) => row.id);
    assert.equal(await ids('id[gte]=2e0'), await ids('id[gte]=2'));
    assert.equal(await ids('id[in]=1e0,3E0'), [1, 3]);
    for (const query of ['page=1e0', 'pageSize=2e1', 'id[gte]=1e400'])
      assert.is((await service().api(`${PATH}?${query}`)).status, 400, query);
  },
);

runnable(test, tooFew(4))('[in] also comes as its key repeated, as generated clients send an array by default', async () => {
  await fill(service(), 4);
  const ids = async (query: string) => ((await (await service().api(`${PATH}?${query}`)).json()) as Row[]).map((row) => row.id);
  assert.equal(await ids('id[in]=1&id[in]=3'), [1, 3]);
  assert.equal(await ids('id[in]=1,2&id[in]=4'), [1, 2, 4]);
  const refused = await service().api(`${PATH}?id[in]=1&id[in]=x`);
  assert.is(refused.status, 400);
  assert.match(await refused.text(), /^"id\[in\]\[1\]" must be a number$/);
});

runnable(test, tooFew(6))(
  'sort also comes as its key repeated, in the order given, as generated clients send an array by default',
  async () => {
    await fill(service(), 6);
    const ids = async (query: string) => ((await (await service().api(`${PATH}?${query}`)).json()) as Row[]).map((row) => row.id);
    const newestFirst = await ids('sort=-createdAt,updatedAt');
    assert.equal(await ids('sort=-createdAt&sort=updatedAt'), newestFirst);
    assert.not.equal(newestFirst, [1, 2, 3, 4, 5, 6]);
    const refused = await service().api(`${PATH}?sort=id&sort=-id`);
    assert.is(refused.status, 400);
    assert.match(await refused.text(), /^"sort" names id twice$/);
  },
);

runnable(test, tooFew(9))('count=exact gives X-Total-Count of the matching rows over all pages; without it there is none', async () => {
  await fill(service(), 9);
  const counted = await service().api(`${PATH}?count=exact&pageSize=2&id[gt]=3`);
  assert.is(counted.headers.get('x-total-count'), '6');
  assert.is((await service().api(`${PATH}?pageSize=2`)).headers.get('x-total-count'), null);
  assert.is((await service().api(`${PATH}?count=exact&id[gt]=99`)).headers.get('x-total-count'), '0');
});

test('the end of a prefix: the first text after all that start with it, by code point', () => {
  assert.is(prefixEnd('978-0'), '978-1');
  assert.is(prefixEnd('a'), 'b');
  assert.is(prefixEnd('a\u{1F600}'), 'a\u{1F601}', 'a character beyond U+FFFF is one character, not two halves');
  assert.is(prefixEnd('a\u{10FFFF}'), 'b', 'nothing follows U+10FFFF: the character before it moves on');
  assert.is(prefixEnd('\u{10FFFF}\u{10FFFF}'), undefined);
  assert.is(prefixEnd('\uD7FF'), '\uE000', 'the surrogates are no characters');
});

test.run();
