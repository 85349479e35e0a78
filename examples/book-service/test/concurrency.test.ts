import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { useService, type Service } from './helpers.js';
import { send, tally } from './raw-http.js';

// 24 clients at once: creators, updaters of shared rows (each owns one field of one row)
// and deleters racing for the same rows. Every acknowledged write must be visible afterwards,
// no update may overwrite a field it did not name, and nothing may answer 5xx.

const PATH = '/api/books';
const JSON_TYPE = { 'content-type': 'application/json' };
const FIELDS = ['name', 'description', 'price', 'quantity'] as const;
type Field = (typeof FIELDS)[number];

const SHARED_ROWS = 3; // 3 rows x 4 fields = 12 updaters
const CREATORS = 6;
const DELETERS = 6; // in pairs: both of a pair try to delete the same rows
const CREATES_EACH = 10;
const UPDATES_EACH = 10;
const DOOMED_ROWS = 15;

/** The value an updater writes in its round: distinct per round, so the last one is recognisable. */
function valueFor(field: Field, round: number, row: number): string | number {
  if (field === 'name') return `name ${row}-${round}`;
  if (field === 'description') return `description ${row}-${round}`;
  if (field === 'price') return 1000 * row + round + 0.25;
  return 1000 * row + round + 1;
}

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

test('24 parallel clients: every acknowledged write is visible, no update overwrites fields it did not name', async () => {
  const port = service().servicePort;
  const create = (body: Record<string, unknown>) => send(port, 'POST', PATH, JSON_TYPE, JSON.stringify(body));
  const serverErrorsBefore = tally.serverErrors;

  const shared: number[] = [];
  for (let row = 1; row <= SHARED_ROWS; row++) {
    const response = await create({ name: `shared ${row}`, description: 'start', price: 1, quantity: 1 });
    shared.push((JSON.parse(response.text) as { id: number }).id);
  }
  const doomed: number[] = [];
  for (let i = 0; i < DOOMED_ROWS; i++) {
    doomed.push((JSON.parse((await create({ name: `doomed ${i}`, price: 1, quantity: 1 })).text) as { id: number }).id);
  }

  const created = new Map<number, Record<string, unknown>>();
  const lastAcknowledged = new Map<string, string | number>(); // `${id}:${field}` -> value
  const deletedBy = new Map<number, number>(); // row -> how many deleters got 204
  const failures: string[] = [];

  const creators = Array.from({ length: CREATORS }, async (_, client) => {
    for (let i = 0; i < CREATES_EACH; i++) {
      const body = { name: `client ${client} #${i}`, description: `made by ${client}`, price: (100 * client + i + 1) / 100, quantity: i + 1 };
      const response = await create(body);
      if (response.status !== 201) failures.push(`create ${response.status} ${response.text}`);
      else created.set((JSON.parse(response.text) as { id: number }).id, body);
    }
  });
  const updaters = shared.flatMap((id, row) =>
    FIELDS.map(async (field) => {
      for (let round = 1; round <= UPDATES_EACH; round++) {
        const value = valueFor(field, round, row);
        const response = await send(port, 'PUT', `${PATH}/${id}`, JSON_TYPE, JSON.stringify({ [field]: value }));
        if (response.status !== 200) {
          failures.push(`update ${response.status} ${response.text}`);
          continue;
        }
        const answer = JSON.parse(response.text) as Record<string, unknown>;
        if (answer[field] !== value) failures.push(`update of ${field} answered ${String(answer[field])}, sent ${value}`);
        lastAcknowledged.set(`${id}:${field}`, value);
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
    assert.equal({ name: row.name, description: row.description, price: row.price, quantity: row.quantity }, body);
    found++;
  }
  for (const id of shared) {
    const row = rows.get(id)!;
    for (const field of FIELDS) assert.is(row[field], lastAcknowledged.get(`${id}:${field}`), `row ${id} ${field}`);
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
});

test.run();
