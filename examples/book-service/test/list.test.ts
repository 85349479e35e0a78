import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { cursorKey } from '../src/http/cursor.js';
import { distinctCreates, fieldValues, runs } from './arbitraries.js';
import { del, post, testConfig, useService, type Service } from './helpers.js';

const PATH = '/api/books';
const TABLE = 'books';
type Row = Record<string, unknown> & { id: number };

/** The keys the list sorts and filters by: their columns, and which fields rows may leave empty or must keep unique. */
const KEYS = [
  { key: 'id', column: 'id', nullable: false, unique: true },
  { key: 'createdAt', column: 'created_at', nullable: false, unique: false },
  { key: 'updatedAt', column: 'updated_at', nullable: false, unique: false },
  { key: 'isbn', column: 'isbn', nullable: false, unique: true },
];
/** The fields among them, which the rows below give repeated values (or none) so that ties and gaps get sorted. */
const FIELD_KEYS = KEYS.filter(({ key }) => key in fieldValues) as { key: keyof typeof fieldValues; nullable: boolean; unique: boolean }[];

const test = suite('list: sort, filters, cursors');
const service = useService(test);

/**
 * `count` valid create bodies where each list field has values to sort and filter by: a unique
 * one its own value in each row, any other one of three values (so rows tie); an optional one
 * is empty in every third (unique) or fourth row.
 */
function bodies(count: number): Record<string, unknown>[] {
  const given = (key: keyof typeof fieldValues) => (fieldValues[key] as fc.Arbitrary<unknown>).filter((value) => value !== null);
  const values = Object.fromEntries(
    FIELD_KEYS.map(({ key, unique }) => [
      key,
      unique ? fc.sample(fc.uniqueArray(given(key), { minLength: count, maxLength: count }), 1)[0]! : fc.sample(given(key), 3),
    ]),
  );
  return fc.sample(distinctCreates(count), 1)[0]!.map((body, i) => {
    const row: Record<string, unknown> = { ...body };
    for (const { key, nullable, unique } of FIELD_KEYS) {
      const empty = nullable && (unique ? i % 3 === 0 : i % 4 === 3);
      row[key] = empty ? null : values[key]![unique ? i : i % 3];
    }
    return row;
  });
}

async function create(s: Service, body: Record<string, unknown>): Promise<Row> {
  const response = await post(s, PATH, body);
  assert.is(response.status, 201, await response.clone().text());
  return (await response.json()) as Row;
}

/** Creates `count` rows, then gives the timestamps three values each, so that they tie too. */
async function fill(s: Service, count: number): Promise<void> {
  for (const body of bodies(count)) await create(s, body);
  await s.db.knex.raw(
    `update ${TABLE} set created_at = timestamptz '2026-01-01T00:00:00.000Z' + (id % 3) * interval '1 day', ` +
      `updated_at = timestamptz '2026-02-01T00:00:00.000Z' - (id % 3) * interval '1 hour'`,
  );
}

/** The ids in the database's own order for `sort` (a full sort, no cursor), optionally filtered. */
async function expectedIds(s: Service, sort: string, where?: (query: ReturnType<Service['db']['knex']>) => void): Promise<number[]> {
  const query = s.db.knex(TABLE);
  where?.(query);
  const keys = sort.split(',').map((part) => ({ key: part.replace(/^-/, ''), direction: part.startsWith('-') ? 'desc' : 'asc' }));
  if (!keys.some(({ key }) => key === 'id')) keys.push({ key: 'id', direction: keys.at(-1)!.direction });
  for (const { key, direction } of keys) query.orderBy(KEYS.find((k) => k.key === key)!.column, direction as 'asc' | 'desc');
  return query.pluck('id');
}

/** The next page's address from a Link header, or undefined on the last page. */
function nextLink(response: Response): string | undefined {
  const link = response.headers.get('link');
  if (link === null) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  assert.ok(match, `Link: ${link}`);
  return match[1];
}

/** Follows Link rel="next" from `first`; calls `between` before each next page. The ids seen, in order. */
async function walk(s: Service, first: string, between: () => Promise<void> = async () => {}): Promise<number[]> {
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

const SORTS = KEYS.flatMap(({ key }) => [key, `-${key}`]);

test('following Link rel="next" visits every row once, in the order of each key both ways, ties by id', async () => {
  await fill(service(), 23);
  for (const sort of [...SORTS, `${KEYS.at(-1)!.key},-createdAt`, '-updatedAt,createdAt']) {
    assert.equal(await walk(service(), `${PATH}?sort=${sort}&pageSize=4`), await expectedIds(service(), sort), sort);
  }
});

test('the last page has no Link; a numbered page links to the next with a cursor', async () => {
  await fill(service(), 12);
  const last = await service().api(`${PATH}?page=3&pageSize=5`);
  assert.is(((await last.json()) as Row[]).length, 2);
  assert.is(last.headers.get('link'), null);
  const second = await service().api(`${PATH}?page=2&pageSize=5&sort=-id`);
  const next = nextLink(second)!;
  assert.match(next, /^\/api\/books\?pageSize=5&sort=-id&after=[A-Za-z0-9_-]+$/);
  assert.equal(((await (await service().api(next)).json()) as Row[]).map((row) => row.id), [2, 1]);
});

test('each filter, at its boundary, with each sort and across pages', async () => {
  await fill(service(), 15);
  const rows = (await (await service().api(`${PATH}?pageSize=100`)).json()) as Row[];
  for (const { key, column } of KEYS) {
    const value = rows.map((row) => row[key]).find((v) => v !== null);
    const operators = { '': '=', '[gt]': '>', '[gte]': '>=', '[lt]': '<', '[lte]': '<=' } as const;
    for (const [i, [operator, sql]] of Object.entries(operators).entries()) {
      // An exact match may keep the order by id; a range needs the order of its key.
      for (const sort of operator === '' ? ['-id', key] : [[key, `-${key}`][i % 2]!]) {
        const path = `${PATH}?${key}${operator}=${encodeURIComponent(String(value))}&sort=${sort}&pageSize=3`;
        const expected = await expectedIds(service(), sort, (query) => query.where(column, sql, value as string));
        assert.equal(await walk(service(), path), expected, path);
      }
    }
    const some = [...new Set(rows.map((row) => row[key]).filter((v) => v !== null))].slice(0, 3);
    const path = `${PATH}?${key}[in]=${some.map((v) => encodeURIComponent(String(v))).join(',')}&sort=${key}&pageSize=2`;
    assert.equal(await walk(service(), path), await expectedIds(service(), key, (query) => query.whereIn(column, some as string[])), path);
  }
});

test('an exact match on a unique key combines with a range on another key', async () => {
  await fill(service(), 4);
  const rows = (await (await service().api(`${PATH}?pageSize=100`)).json()) as Row[];
  const [, second] = rows as [Row, Row];
  const createdAt = encodeURIComponent(String(second.createdAt));
  const found = await service().api(`${PATH}?id=${second.id}&createdAt[gte]=${createdAt}&sort=-createdAt`);
  assert.is(found.status, 200, await found.clone().text());
  assert.equal(((await found.json()) as Row[]).map((row) => row.id), [second.id]);
});

test('count=exact gives X-Total-Count of the matching rows over all pages; without it there is none', async () => {
  await fill(service(), 9);
  const counted = await service().api(`${PATH}?count=exact&pageSize=2&id[gt]=3`);
  assert.is(counted.headers.get('x-total-count'), '6');
  assert.is((await service().api(`${PATH}?pageSize=2`)).headers.get('x-total-count'), null);
  assert.is((await service().api(`${PATH}?count=exact&id[gt]=99`)).headers.get('x-total-count'), '0');
});

test('refusals: 400 in plain text naming the parameter', async () => {
  await fill(service(), 3);
  const first = await service().api(`${PATH}?pageSize=1`);
  const cursor = new URL(nextLink(first)!, 'http://x').searchParams.get('after')!;
  const flipped = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
  const cases: [string, RegExp][] = [
    ['sort=title', /^"sort" can use id, createdAt,? .*"title" is not one of them$/],
    ['sort=-nope', /"sort" can use .*"nope" is not one of them/],
    ['sort=id,-id', /"sort" names id twice/],
    ['title[gt]=1', /^"title\[gt\]" is not allowed: the list filters and sorts by id, createdAt, updatedAt/],
    ['nope=1', /^"nope" is not allowed/],
    ['id[like]=1', /^"id\[like\]" is not a filter: use id, id\[gt\], id\[gte\], id\[lt\], id\[lte\], id\[in\]$/],
    ['id[gt]=0', /^"id\[gt\]" must be greater than or equal to 1$/],
    // Only an index in the filtered key's order serves a range without reading the rows it skips.
    ['createdAt[gte]=2026-01-01T00:00:00.000Z', /^a list filtered by createdAt is read from its index in createdAt order only: add sort=createdAt \(or sort=-createdAt\)$/],
    ['createdAt[gte]=2026-01-01T00:00:00.000Z&sort=-updatedAt', /^a list filtered by createdAt is read from its index in createdAt order only/],
    ['createdAt=2026-01-01T00:00:00.000Z&sort=updatedAt', /^a list filtered by createdAt is read from its index in createdAt order only/],
    ['createdAt[gte]=2026-01-01T00:00:00.000Z&updatedAt[lt]=2027-01-01T00:00:00.000Z&sort=createdAt', /^filters on createdAt and updatedAt at once are not served by one index/],
    ['id=1.5', /^"id" must be an integer$/],
    ['id[in]=1,x', /^"id\[in\]\[1\]" must be a number$/],
    [`id[in]=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, /^"id\[in\]" must contain less than or equal to 100 items$/],
    ['createdAt[lt]=yesterday', /^"createdAt\[lt\]" must be in iso format$/],
    ['after=not*a*cursor', /^"after" is not a cursor of this service/],
    ['after=AAAA', /^"after" is not a cursor of this service/],
    [`after=${flipped}`, /^"after" is not a cursor of this service/],
    [`after=${cursor}&sort=-id`, /^"after" was made for sort=id, not sort=-id$/],
    [`after=${cursor}&id[gt]=1`, /^"after" was made for other filters/],
    [`after=${cursor}&page=2`, /^"page" and "after" cannot be used together/],
    ['page=502&pageSize=20', /^"page" must be at most 501 with this pageSize: .*follow the Link header/],
    ['page=102&pageSize=100', /^"page" must be at most 101/],
    ['count=estimate', /^"count" must be \[exact\]$/],
  ];
  for (const [query, message] of cases) {
    const response = await service().api(`${PATH}?${query}`);
    assert.is(response.status, 400, query);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(await response.text(), message, query);
  }
  assert.is((await service().api(`${PATH}?page=101&pageSize=100`)).status, 200, 'a page 10,000 rows deep is still served');
});

test('cursors are signed with CURSOR_SECRET, else a key derived from JWT_SECRET, else one random per process', () => {
  const sign = (env: Record<string, string>) => cursorKey(testConfig(env)).toString('hex');
  const secret = 's'.repeat(32);
  assert.is(sign({}), sign({}), 'the same JWT_SECRET, the same key: replicas accept each other\'s cursors');
  assert.is(sign({ CURSOR_SECRET: secret }), sign({ CURSOR_SECRET: secret, JWT_SECRET: 'j'.repeat(32) }));
  assert.is.not(sign({ CURSOR_SECRET: secret }), sign({}));
  assert.is.not(sign({ AUTH_MODE: 'off' }), sign({ AUTH_MODE: 'off' }), 'without a secret, each process has its own key');
});

test('a walk while others insert and delete: no row present throughout is skipped or repeated, and the order holds', async () => {
  const START = 12;
  const action = fc.record({ inserts: fc.nat(2), deletes: fc.nat(2) });
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...SORTS), fc.integer({ min: 1, max: 5 }), fc.array(action, { maxLength: 12 }), fc.infiniteStream(fc.nat()), async (sort, pageSize, actions, picks) => {
      const s = service();
      await s.reset();
      const queue = bodies(START + 24);
      for (const body of queue.splice(0, START)) await create(s, body);
      const present = new Set(await s.db.knex(TABLE).pluck('id'));
      const throughout = new Set(present);
      let step = 0;
      const seen = await walk(s, `${PATH}?sort=${sort}&pageSize=${pageSize}`, async () => {
        const { inserts, deletes } = actions[step++ % Math.max(actions.length, 1)] ?? { inserts: 0, deletes: 0 };
        for (const body of queue.splice(0, inserts)) present.add((await create(s, body)).id);
        for (let i = 0; i < deletes && present.size > 0; i++) {
          const id = [...present][picks.next().value % present.size]!;
          assert.is((await del(s, `${PATH}/${id}`)).status, 204);
          present.delete(id);
          throughout.delete(id);
        }
      });
      assert.is(new Set(seen).size, seen.length, `no row twice: ${seen}`);
      for (const id of throughout) assert.ok(seen.includes(id), `row ${id}, there all along, was seen`);
      const sorted = await expectedIds(s, sort);
      const stillThere = seen.filter((id) => sorted.includes(id));
      assert.equal(stillThere, sorted.filter((id) => stillThere.includes(id)), `in the order of ${sort}`);
    }),
    { numRuns: runs(10) },
  );
});

test.run();
