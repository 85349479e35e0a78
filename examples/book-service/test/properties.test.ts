import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

import fc from 'fast-check';
import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { MAX_ID } from '../src/book/book.schema.js';
import { anyBody, exampleCreate, FIELDS, invalidCreate, invalidField, runs, stored, createBody, updateBody } from './arbitraries.js';
import { useService } from './helpers.js';
import { send, tally, type RawResponse } from './raw-http.js';

// Property tests over HTTP: generated bodies, ids, query strings and headers. The service must
// never answer 5xx, must refuse bad input with a plain-text 4xx, and must store valid input exactly.

const test = suite('book properties');
const service = useService(test);
const JSON_TYPE = { 'content-type': 'application/json' };
const PATH = '/api/books';

const call = (method: string, path: string, headers: Record<string, string | string[]> = {}, body?: string | Buffer) =>
  send(service().servicePort, method, path, headers, body);

/** Fails unless the answer is a plain-text client error (never 5xx, never JSON). */
function assertClientError(response: RawResponse, context: unknown, status?: number): void {
  const where = `${response.status} ${response.text} for ${JSON.stringify(context)}`;
  if (status === undefined) assert.ok(response.status >= 400 && response.status < 500, where);
  else assert.is(response.status, status, where);
  assert.match(response.contentType, /^text\/plain/, where);
}

/** Fails unless the answer is a plain-text 400 whose message names `key` (Joi quotes it: "price" is required). */
function assertRefused(response: RawResponse, context: unknown, key: string): void {
  assertClientError(response, context, 400);
  assert.ok(response.text.includes(`"${key}"`), `${response.text} does not name ${key}, for ${JSON.stringify(context)}`);
}

function assertNoServerError(response: RawResponse, context: unknown): void {
  assert.ok(response.status < 500, `${response.status} ${response.text} for ${JSON.stringify(context)}`);
  if (response.status >= 400) assertClientError(response, context);
}

async function total(): Promise<number> {
  const response = await service().api(`${PATH}?pageSize=1&count=exact`);
  return Number(response.headers.get('x-total-count'));
}

async function createOne(): Promise<Record<string, unknown>> {
  const response = await call('POST', PATH, JSON_TYPE, JSON.stringify(exampleCreate));
  assert.is(response.status, 201, response.text);
  return JSON.parse(response.text) as Record<string, unknown>;
}

/**
 * The table each generated request meets: empty for the collection's path, where a create goes,
 * else the one row createOne makes (id 1). It is reset only after an accepted write or for the
 * other kind of path, so that the runs stay independent and a created body never meets a unique
 * value an earlier one stored.
 */
function tableForEachRun() {
  let state: 'empty' | 'one row' | 'changed' = 'changed';
  return {
    async prepare(path: string): Promise<void> {
      const wanted = path === PATH ? 'empty' : 'one row';
      if (state === wanted) return;
      await service().reset();
      if (wanted === 'one row') await createOne();
      state = wanted;
    },
    written(method: string, response: RawResponse): void {
      if (method !== 'GET' && response.status < 300) state = 'changed';
    },
  };
}

test('a valid create is stored exactly and reads back equal', async () => {
  await fc.assert(
    fc.asyncProperty(createBody, async (input) => {
      const created = await call('POST', PATH, JSON_TYPE, JSON.stringify(input));
      assert.is(created.status, 201, created.text);
      const body = JSON.parse(created.text) as Record<string, unknown>;
      assert.equal({ ...body, id: undefined, createdAt: undefined, updatedAt: undefined }, { ...stored(input), id: undefined, createdAt: undefined, updatedAt: undefined });
      const read = await call('GET', `${PATH}/${body.id}`);
      assert.is(read.status, 200);
      assert.equal(JSON.parse(read.text), body);
      // Deleted again, so that later runs never meet its unique values.
      assert.is((await call('DELETE', `${PATH}/${body.id}`)).status, 204);
    }),
    { numRuns: runs() },
  );
});

test('an invalid create answers 400 in plain text and stores nothing', async () => {
  await fc.assert(
    fc.asyncProperty(invalidCreate, async ({ body, key }) => {
      assertRefused(await call('POST', PATH, JSON_TYPE, JSON.stringify(body)), body, key);
    }),
    { numRuns: runs() },
  );
  assert.is(await total(), 0);
});

test('a valid update changes exactly the fields it names', async () => {
  let current = await createOne();
  await fc.assert(
    fc.asyncProperty(updateBody, async (changes) => {
      const updated = await call('PUT', `${PATH}/${current.id}`, JSON_TYPE, JSON.stringify(changes));
      assert.is(updated.status, 200, updated.text);
      const body = JSON.parse(updated.text) as Record<string, unknown>;
      assert.equal({ ...body, updatedAt: undefined }, { ...current, ...changes, updatedAt: undefined });
      const read = await call('GET', `${PATH}/${current.id}`);
      assert.equal(JSON.parse(read.text), body);
      current = body;
    }),
    { numRuns: runs() },
  );
});

test('an invalid update answers 400 and changes nothing', async () => {
  const original = await createOne();
  const invalidUpdate = fc.oneof(
    fc
      .tuple(updateBody, fc.constantFrom(...FIELDS))
      .chain(([changes, key]) => invalidField[key].map((value) => ({ changes: { ...changes, [key]: value }, key }))),
    fc.tuple(updateBody, fc.constantFrom('id', 'createdAt', 'updatedAt', 'extra')).map(([changes, key]) => ({ changes: { ...changes, [key]: 1 }, key })),
  );
  await fc.assert(
    fc.asyncProperty(invalidUpdate, async ({ changes, key }) => {
      assertRefused(await call('PUT', `${PATH}/${original.id}`, JSON_TYPE, JSON.stringify(changes)), changes, key);
    }),
    { numRuns: runs() },
  );
  assertClientError(await call('PUT', `${PATH}/${original.id}`, JSON_TYPE, '{}'), {}, 400);
  assert.equal(JSON.parse((await call('GET', `${PATH}/${original.id}`)).text), original);
});

test('no body, method or path combination causes a 5xx', async () => {
  const table = tableForEachRun();
  const target = fc.oneof(
    fc.constant({ method: 'POST', path: PATH }),
    fc.constantFrom('PUT', 'POST', 'PATCH', 'DELETE', 'GET').map((method) => ({ method, path: `${PATH}/1` })),
    fc.constantFrom('PUT', 'PATCH', 'DELETE').map((method) => ({ method, path: PATH })),
  );
  await fc.assert(
    fc.asyncProperty(target, anyBody, async ({ method, path }, body) => {
      await table.prepare(path);
      const response = await call(method, path, JSON_TYPE, body);
      assertNoServerError(response, { method, path, body: String(body).slice(0, 200) });
      if (response.status === 201) {
        const created = JSON.parse(response.text) as { id: number };
        assert.equal(JSON.parse((await call('GET', `${PATH}/${created.id}`)).text), created);
      }
      table.written(method, response);
    }),
    { numRuns: runs() },
  );
});

// Ids as they appear in the path; only ids naming a positive 32-bit integer in plain digits are valid.
const VALID_ID = /^[1-9][0-9]{0,9}$/;
const isValidId = (decoded: string) => VALID_ID.test(decoded) && Number(decoded) <= MAX_ID;

test('ids: junk answers 400, valid ids 200 or 404, never 5xx', async () => {
  await createOne();
  const rawId = fc.oneof(
    fc.constantFrom('abc', '-1', '0', '00', '007', '%31', '1e3', '+1', '1.0', '0x1', '%201', '%20', '%', '%E0%A4%A', '%00', '%2F', '%2e%2e', '2147483647', '2147483648', '99999999999999999999999', '1%00', 'Infinity', 'NaN', '-0', '%EF%BC%91'),
    fc.integer().map(String),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  );
  await fc.assert(
    fc.asyncProperty(rawId, fc.constantFrom('GET', 'PUT', 'DELETE'), async (id, method) => {
      const response = await call(method, `${PATH}/${id}`, JSON_TYPE, method === 'PUT' ? '{"title":"The Pragmatic Programmer"}' : undefined);
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(id);
      } catch {
        decoded = undefined;
      }
      if (decoded !== undefined && isValidId(decoded)) {
        assert.ok([200, 204, 404].includes(response.status), `${response.status} for ${method} ${id}`);
      } else if (decoded !== undefined && !decoded.includes('/')) {
        assertClientError(response, { method, id }, 400);
      } else {
        assertClientError(response, { method, id });
      }
    }),
    { numRuns: runs() },
  );
});

test('query strings: only page and pageSize within bounds are accepted, junk answers 400 (list.test covers the rest)', async () => {
  const value = fc.oneof(
    fc.integer({ min: -5, max: 150 }).map(String),
    fc.constantFrom('', '1.5', '1e1', '+1', '%201', '01', '%', '%E0%A4%A', 'abc', '999999999999999999999', '0x10', '%00', 'null', '[]'),
    fc.string({ maxLength: 6 }).map(encodeURIComponent),
  );
  const name = fc.oneof(
    fc.constantFrom('page', 'pageSize'),
    fc.constantFrom('PAGE', 'page[]', 'page[a]', 'sort[]', '__proto__', 'constructor', 'toString', '', 'pagesize', 'page%00'),
  );
  const query = fc.array(fc.tuple(name, value), { maxLength: 4 });
  await fc.assert(
    fc.asyncProperty(query, async (pairs) => {
      const search = pairs.map(([key, val]) => `${key}=${val}`).join('&');
      const response = await call('GET', `${PATH}?${search}`);
      assertNoServerError(response, search);
      const params = new URLSearchParams(search);
      const keys = [...params.keys()];
      const inBounds = (key: string, max: number) => {
        const raw = params.get(key);
        return raw === null || (/^\d+$/.test(raw.trim()) && Number(raw) >= 1 && Number(raw) <= max);
      };
      const plainlyValid =
        keys.every((key) => key === 'page' || key === 'pageSize') &&
        new Set(keys).size === keys.length &&
        inBounds('pageSize', 100) &&
        // A page may start at most 10,000 rows deep.
        inBounds('page', Math.floor(10_000 / Number(params.get('pageSize') ?? 20)) + 1);
      if (plainlyValid) assert.is(response.status, 200, `${response.text} for ${search}`);
      if (keys.some((key) => key !== 'page' && key !== 'pageSize') || new Set(keys).size !== keys.length) {
        assertClientError(response, search, 400);
      }
    }),
    { numRuns: runs() },
  );
});

test('headers: content types, charsets, duplicates and encodings never cause a 5xx', async () => {
  const table = tableForEachRun();
  const contentType = fc.oneof(
    fc.constantFrom(
      'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset="UTF-8"',
      'application/json; charset=latin1', 'application/json; charset=utf-16le', 'application/json; charset=foo',
      'application/json; charset="', 'application/json;;', 'application/json, text/plain', 'application/merge-patch+json',
      'application/vnd.api+json', 'text/plain', 'text/json', 'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x', '*/*', '', ';', 'json', 'application/', '/json',
    ),
    fc.string({ maxLength: 20 }).filter((text) => /^[\t\x20-\x7e]*$/.test(text)),
  );
  const contentTypes = fc.oneof(contentType.map((type) => [type]), fc.array(contentType, { minLength: 2, maxLength: 3 }), fc.constant([] as string[]));
  const encoding = fc.constantFrom(undefined, 'identity', 'gzip', 'deflate', 'br', 'GZIP', 'foo', 'gzip, gzip', 'gzip, identity', '');
  const compress = fc.boolean();
  const body = fc.oneof(createBody.map((input) => JSON.stringify(input)), anyBody);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('POST', 'PUT'), contentTypes, encoding, compress, body, async (method, types, enc, squeeze, raw) => {
      const headers: Record<string, string | string[]> = {};
      if (types.length > 0) headers['content-type'] = types.length === 1 ? types[0]! : types;
      if (enc !== undefined) headers['content-encoding'] = enc;
      let bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      if (squeeze && enc === 'gzip') bytes = gzipSync(bytes);
      if (squeeze && enc === 'deflate') bytes = deflateSync(bytes);
      if (squeeze && enc === 'br') bytes = brotliCompressSync(bytes);
      const path = method === 'POST' ? PATH : `${PATH}/1`;
      await table.prepare(path);
      const response = await call(method, path, headers, bytes);
      assertNoServerError(response, { method, headers, body: bytes.toString('base64').slice(0, 200) });
      table.written(method, response);
    }),
    { numRuns: runs() },
  );
  // Still serving normally afterwards.
  await service().reset();
  const after = await call('POST', PATH, JSON_TYPE, JSON.stringify(exampleCreate));
  assert.is(after.status, 201, after.text);
});

test.after(() => {
  console.log(`  properties: ${tally.requests} requests sent, ${tally.serverErrors} answered 5xx`);
});

test('no request of this file was answered 5xx', () => {
  assert.is(tally.serverErrors, 0);
});

test.run();
