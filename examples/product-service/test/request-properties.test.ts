import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { MAX_ID } from '../src/product/product.schema.js';
import { runs } from './arbitraries.js';
import { change, numbered } from './factory.js';
import { post, useService } from './helpers.js';
import { assertClientError, assertNoServerError, send } from './raw-http.js';

// Property tests over HTTP of what a request names: the id in the path and the list's query
// string. Junk is a plain-text 400, never a 5xx.

const test = suite('product ids and query strings');
const service = useService(test);
const JSON_TYPE = { 'content-type': 'application/json' };
const PATH = '/api/products';

const call = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  send(service().servicePort, method, path, headers, body);

// Ids as they appear in the path; only ids naming a positive 32-bit integer in plain digits are valid.
const VALID_ID = /^[1-9][0-9]{0,9}$/;
const isValidId = (decoded: string) => VALID_ID.test(decoded) && Number(decoded) <= MAX_ID;

test('ids: junk answers 400, valid ids 200 or 404, never 5xx', async () => {
  assert.is((await post(service(), PATH, numbered())).status, 201);
  const rawId = fc.oneof(
    fc.constantFrom(
      'abc',
      '-1',
      '0',
      '00',
      '007',
      '%31',
      '1e3',
      '+1',
      '1.0',
      '0x1',
      '%201',
      '%20',
      '%',
      '%E0%A4%A',
      '%00',
      '%2F',
      '%2e%2e',
      '2147483647',
      '2147483648',
      '99999999999999999999999',
      '1%00',
      'Infinity',
      'NaN',
      '-0',
      '%EF%BC%91',
    ),
    fc.integer().map(String),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  );
  await fc.assert(
    fc.asyncProperty(rawId, fc.constantFrom('GET', 'PUT', 'DELETE'), async (id, method) => {
      const response = await call(method, `${PATH}/${id}`, JSON_TYPE, method === 'PUT' ? JSON.stringify(change()) : undefined);
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

test('query strings: only page and pageSize within bounds are accepted, junk answers 400 (the list tests cover the rest)', async () => {
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

test.run();
