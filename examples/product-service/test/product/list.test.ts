import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { cursorKey } from '../../src/http/cursor.js';
import { runs } from '../support/arbitraries.js';
import { tooFew } from '../support/factory.js';
import { create, del, runnable, testConfig, useService } from '../support/helpers.js';
import { bodies, expectedIds, fill, KEYS, nextLink, PATH, type Row, TABLE, UNLISTED, walk } from '../support/list-helpers.js';

const test = suite('list: sort, cursors, refusals');
const service = useService(test);

const SORTS = KEYS.flatMap(({ key }) => [key, `-${key}`]);

runnable(test, tooFew(23))('following Link rel="next" visits every row once, in the order of each key both ways, ties by id', async () => {
  await fill(service(), 23);
  for (const sort of [...SORTS, `${KEYS.at(-1)!.key},-createdAt`, '-updatedAt,createdAt']) {
    assert.equal(await walk(service(), `${PATH}?sort=${sort}&pageSize=4`), await expectedIds(service(), sort), sort);
  }
});

runnable(test, tooFew(12))('the last page has no Link; a numbered page links to the next with a cursor', async () => {
  await fill(service(), 12);
  const last = await service().api(`${PATH}?page=3&pageSize=5`);
  assert.is(((await last.json()) as Row[]).length, 2);
  assert.is(last.headers.get('link'), null);
  const second = await service().api(`${PATH}?page=2&pageSize=5&sort=-id`);
  const next = nextLink(second)!;
  assert.match(next, /^\/api\/products\?pageSize=5&sort=-id&after=[A-Za-z0-9_-]+$/);
  assert.equal(
    ((await (await service().api(next)).json()) as Row[]).map((row) => row.id),
    [2, 1],
  );
});

runnable(test, tooFew(3))('refusals: 400 in plain text naming the parameter', async () => {
  await fill(service(), 3);
  const first = await service().api(`${PATH}?pageSize=1`);
  const cursor = new URL(nextLink(first)!, 'http://x').searchParams.get('after')!;
  const flipped = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
  const cases: [string, RegExp][] = [
    ['sort=-nope', /"sort" can use .*"nope" is not one of them/],
    ['sort=id,-id', /"sort" names id twice/],
    ['sort=createdAt,createdAt', /"sort" names createdAt twice/],
    ['nope=1', /^"nope" is not allowed/],
    ['id[like]=1', /^"id\[like\]" is not a filter: use id, id\[gt\], id\[gte\], id\[lt\], id\[lte\], id\[in\]$/],
    // Only text keys start with something.
    [
      'createdAt[prefix]=2026',
      /^"createdAt\[prefix\]" is not a filter: use createdAt, createdAt\[gt\], createdAt\[gte\], createdAt\[lt\], createdAt\[lte\], createdAt\[in\]$/,
    ],
    ['id[gt]=0', /^"id\[gt\]" must be greater than or equal to 1$/],
    // Only an index in the filtered key's order serves a range without reading the rows it skips.
    [
      'createdAt[gte]=2026-01-01T00:00:00.000Z',
      /^a list filtered by createdAt is read from its index in createdAt order only: add sort=createdAt \(or sort=-createdAt\)$/,
    ],
    [
      'createdAt[gte]=2026-01-01T00:00:00.000Z&sort=-updatedAt',
      /^a list filtered by createdAt is read from its index in createdAt order only/,
    ],
    ['createdAt=2026-01-01T00:00:00.000Z&sort=updatedAt', /^a list filtered by createdAt is read from its index in createdAt order only/],
    [
      'createdAt[gte]=2026-01-01T00:00:00.000Z&updatedAt[lt]=2027-01-01T00:00:00.000Z&sort=createdAt',
      /^filters on createdAt and updatedAt at once are not served by one index/,
    ],
    ['id=1.5', /^"id" must be an integer$/],
    ['id[in]=1,x', /^"id\[in\]\[1\]" must be a number$/],
    [`id[in]=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, /^"id\[in\]" must contain less than or equal to 100 items$/],
    [
      'createdAt[lt]=yesterday',
      /^"createdAt\[lt\]" must be a date-time with a time zone, such as 2026-01-01T12:00:00Z or 2026-01-01T14:00:00.000\+02:00, with seconds and at most milliseconds, in the years 0001-9999 both as written and in UTC$/,
    ],
    ['createdAt[lt]=2026-01-01T12:00Z', /^"createdAt\[lt\]" must be a date-time with a time zone, .* with seconds/],
    // Without a zone the database would read it in its own.
    ['createdAt=2026-01-01T00:00:00', /^"createdAt" must be a date-time with a time zone/],
    ['createdAt=2026-01-01T00:00:00.0001Z', /^"createdAt" must be a date-time with a time zone/],
    // Past 9999 or before 0001 in UTC a time reads back as +010000-... or a year before 0001.
    [
      'updatedAt[lt]=9999-12-31T23:30:00-00:45&sort=updatedAt',
      /^"updatedAt\[lt\]" must be a date-time .* in the years 0001-9999 both as written and in UTC$/,
    ],
    ['createdAt[in]=0001-01-01T00:30:00%2B01:00', /^"createdAt\[in\]\[0\]" must be a date-time .* in the years 0001-9999/],
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
  // A field without an index is neither a sort nor a filter.
  if (UNLISTED !== undefined) {
    cases.push(
      [`sort=${UNLISTED}`, new RegExp(`^"sort" can use id, createdAt,? .*"${UNLISTED}" is not one of them$`)],
      [`${UNLISTED}[gt]=1`, new RegExp(`^"${UNLISTED}\\[gt\\]" is not allowed: the list filters and sorts by id, createdAt, updatedAt`)],
    );
  }
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
  assert.is(sign({}), sign({}), "the same JWT_SECRET, the same key: replicas accept each other's cursors");
  assert.is(sign({ CURSOR_SECRET: secret }), sign({ CURSOR_SECRET: secret, JWT_SECRET: 'j'.repeat(32) }));
  assert.is.not(sign({ CURSOR_SECRET: secret }), sign({}));
  const withoutSecret = {
    JWT_SECRET: '',
    JWT_JWKS_URI: 'https://idp.example/jwks.json',
    JWT_ISSUER: 'https://idp.example/',
    JWT_AUDIENCE: 'items',
  };
  assert.is.not(sign(withoutSecret), sign(withoutSecret), 'without a secret, each process has its own key');
});

runnable(test, tooFew(36))(
  'a walk while others insert and delete: no row present throughout is skipped or repeated, and the order holds',
  async () => {
    const START = 12;
    const action = fc.record({ inserts: fc.nat(2), deletes: fc.nat(2) });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SORTS),
        fc.integer({ min: 1, max: 5 }),
        fc.array(action, { maxLength: 12 }),
        fc.infiniteStream(fc.nat()),
        async (sort, pageSize, actions, picks) => {
          const s = service();
          await s.reset();
          const queue = bodies(START + 24);
          for (const body of queue.splice(0, START)) await create(s, body);
          const present = new Set(await s.db.knex(TABLE).pluck('id'));
          const throughout = new Set(present);
          let step = 0;
          const seen = await walk(s, `${PATH}?sort=${sort}&pageSize=${pageSize}`, async () => {
            const { inserts, deletes } = actions[step++ % Math.max(actions.length, 1)] ?? { inserts: 0, deletes: 0 };
            for (const body of queue.splice(0, inserts)) present.add((await create(s, body)).answer.id);
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
          assert.equal(
            stillThere,
            sorted.filter((id) => stillThere.includes(id)),
            `in the order of ${sort}`,
          );
        },
      ),
      { numRuns: runs(10) },
    );
  },
);

test.run();
