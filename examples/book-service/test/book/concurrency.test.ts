import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { distinctCreates, fieldValues } from '../support/arbitraries.js';
import { answered, FIELDS, type Fields, stored, tooFew, UNIQUE_FIELDS } from '../support/factory.js';
import { runnable, type Service, useService } from '../support/helpers.js';
import { send, tally } from '../support/raw-http.js';

// Many clients at once: creators, updaters of shared rows (each owns one field of one row)
// and deleters racing for the same rows. Every acknowledged write must be visible afterwards,
// no update may overwrite a field it did not name, and nothing may answer 5xx. The bodies are
// generated valid ones; no two rows share a value of a unique field.

const PATH = '/api/books';
const JSON_TYPE = { 'content-type': 'application/json' };
/** The fields the updaters own: a unique one could take a value another row holds. */
const UPDATED_FIELDS = FIELDS.filter((field) => !UNIQUE_FIELDS.includes(field));

const SHARED_ROWS = 3; // one updater per shared row and field
const CREATORS = 6;
const DELETERS = 6; // in pairs: both of a pair try to delete the same rows
const CREATES_EACH = 10;
const UPDATES_EACH = 10;
const DOOMED_ROWS = 15;

/** The picked fields of a row, as the service answers them. */
const pick = (row: Record<string, unknown>) => Object.fromEntries(FIELDS.map((field) => [field, row[field]]));

async function readAll(s: Service): Promise<Map<number, Record<string, unknown>>> {
  const rows = new Map<number, Record<string, unknown>>();
  for (let page = 1; page <= 100; page++) {
    const batch = (await (await s.api(`${PATH}?page=${page}&pageSize=100`)).json()) as Record<string, unknown>[];
    for (const row of batch) rows.set(row.id as number, row);
    if (batch.length < 100) break;
  }
  return rows;
}

const test = suite('books under concurrency');
const service = useService(test);

runnable(test, tooFew(SHARED_ROWS + DOOMED_ROWS + CREATORS * CREATES_EACH))(
  'parallel clients: every acknowledged write is visible, no update overwrites fields it did not name',
  async () => {
    const port = service().servicePort;
    const create = (body: object) => send(port, 'POST', PATH, JSON_TYPE, JSON.stringify(body));
    const serverErrorsBefore = tally.serverErrors;

    const bodies = fc.sample(distinctCreates(SHARED_ROWS + DOOMED_ROWS + CREATORS * CREATES_EACH), 1)[0]!;
    const idOf = async (body: Fields) => {
      const response = await create(body);
      assert.is(response.status, 201, `${response.text} for ${JSON.stringify(body)}`);
      return (JSON.parse(response.text) as { id: number }).id;
    };
    const shared: number[] = [];
    for (const body of bodies.splice(0, SHARED_ROWS)) shared.push(await idOf(body));
    const doomed: number[] = [];
    for (const body of bodies.splice(0, DOOMED_ROWS)) doomed.push(await idOf(body));

    const created = new Map<number, Fields>();
    const lastAcknowledged = new Map<string, unknown>(); // `${id}:${field}` -> value
    const deletedBy = new Map<number, number>(); // row -> how many deleters got 204
    const failures: string[] = [];

    const creators = Array.from({ length: CREATORS }, async (_, client) => {
      for (const body of bodies.slice(client * CREATES_EACH, (client + 1) * CREATES_EACH)) {
        const response = await create(body);
        if (response.status !== 201) failures.push(`create ${response.status} ${response.text}`);
        else created.set((JSON.parse(response.text) as { id: number }).id, body);
      }
    });
    const updaters = shared.flatMap((id) =>
      UPDATED_FIELDS.map(async (field) => {
        const values: fc.Arbitrary<unknown> = fieldValues[field];
        for (const value of fc.sample(values, UPDATES_EACH)) {
          const response = await send(port, 'PUT', `${PATH}/${id}`, JSON_TYPE, JSON.stringify({ [field]: value }));
          if (response.status !== 200) {
            failures.push(`update ${response.status} ${response.text}`);
            continue;
          }
          const answer = JSON.parse(response.text) as Record<string, unknown>;
          const expected = answered(field, value);
          if (answer[field] !== expected)
            failures.push(`update of ${field} answered ${JSON.stringify(answer[field])}, sent ${JSON.stringify(value)}`);
          lastAcknowledged.set(`${id}:${field}`, expected);
        }
      }),
    );
    const deleters = Array.from({ length: DELETERS }, async (_, client) => {
      // Partners 0/1, 2/3, 4/5 walk the same third of the doomed rows, in opposite orders.
      const pair = Math.floor(client / 2);
      const mine = doomed.filter((_, i) => i % (DELETERS / 2) === pair);
      for (const id of client % 2 === 0 ? mine : [...mine].reverse()) {
        const response = await send(port, 'DELETE', `${PATH}/${id}`);
        if (response.status === 204) deletedBy.set(id, (deletedBy.get(id) ?? 0) + 1);
        else if (response.status !== 404) failures.push(`delete ${response.status} ${response.text}`);
      }
    });

    await Promise.all([...creators, ...updaters, ...deleters]);
    assert.equal(failures, []);
    assert.is(tally.serverErrors - serverErrorsBefore, 0, '5xx answers');

    const rows = await readAll(service());
    let found = 0;
    for (const [id, body] of created) {
      const row = rows.get(id);
      assert.ok(row, `acknowledged create ${id} is missing`);
      assert.equal(pick(row), stored(body));
      found++;
    }
    for (const id of shared) {
      const row = rows.get(id)!;
      for (const field of UPDATED_FIELDS) assert.is(row[field], lastAcknowledged.get(`${id}:${field}`), `row ${id} ${field}`);
    }
    for (const id of doomed) {
      assert.is(deletedBy.get(id), 1, `row ${id} acknowledged as deleted exactly once`);
      assert.not.ok(rows.has(id), `deleted row ${id} is still listed`);
    }
    assert.is(rows.size, created.size + shared.length);
    console.log(
      `  concurrency: ${created.size} creates acknowledged, ${found} found; ` +
        `${lastAcknowledged.size} fields with their last acknowledged update; ${deletedBy.size}/${DOOMED_ROWS} rows deleted once; ` +
        `${tally.serverErrors - serverErrorsBefore} answered 5xx`,
    );
  },
);

test.run();
