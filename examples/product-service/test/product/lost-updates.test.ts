import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { change, FIELDS, type Field, RULES, UNIQUE_FIELDS } from '../support/factory.js';
import { create, put, type Service, useService, WRITE_HEADERS } from '../support/helpers.js';

// Read-modify-write by many clients at once on one product. With If-Match, a client whose read
// went stale gets 412 and tries again from a new read, so no acknowledged update is lost.
// Without it, later writes silently overwrite earlier ones: the reason the header exists.

const PATH = '/api/products';
const CLIENTS = 20;
const UPDATES_EACH = 25;
const INCREMENTS = CLIENTS * UPDATES_EACH;

/**
 * The field the clients count in: the first shared integer with room for every increment above
 * its lowest value, and where its count starts. Without one, only the versions count.
 */
const COUNTER = FIELDS.find((field) => RULES[field].type === 'integer' && !UNIQUE_FIELDS.includes(field) && room(field) >= INCREMENTS);
const START = COUNTER === undefined ? 0 : Math.max(RULES[COUNTER].minimum ?? 0, 0);

function room(field: Field): number {
  const { minimum = 0, maximum = Number.MAX_SAFE_INTEGER } = RULES[field];
  return maximum - Math.max(minimum, 0);
}

interface Outcome {
  /** 412 answers, each followed by a fresh read and a new attempt. */
  refused: number;
}

async function readOne(s: Service, id: number): Promise<{ etag: string; body: Record<string, unknown> }> {
  const response = await s.api(`${PATH}/${id}`);
  assert.is(response.status, 200);
  return { etag: response.headers.get('etag') ?? '', body: (await response.json()) as Record<string, unknown> };
}

/** The change a client makes from what it read: one more in the counter, or any change without one. */
const nextChange = (read: Record<string, unknown>) => (COUNTER === undefined ? change() : { [COUNTER]: (read[COUNTER] as number) + 1 });

/** The counter's value in a read: START plus the increments it counted. */
const counted = (read: Record<string, unknown>) => (COUNTER === undefined ? START : (read[COUNTER] as number)) - START;

/** One client: `UPDATES_EACH` read-modify-writes, each retried after a 412 (with If-Match) until it is acknowledged. */
async function client(s: Service, id: number, useIfMatch: boolean): Promise<Outcome> {
  const outcome: Outcome = { refused: 0 };
  for (let done = 0; done < UPDATES_EACH; ) {
    const { etag, body } = await readOne(s, id);
    const headers = useIfMatch ? { ...WRITE_HEADERS, 'If-Match': etag } : WRITE_HEADERS;
    const response = await put(s, `${PATH}/${id}`, nextChange(body), headers);
    if (response.status === 412) {
      outcome.refused++;
      // The row moved on past what this client read.
      assert.match(await response.text(), /has changed: its ETag is now "\d+"$/);
      continue;
    }
    assert.is(response.status, 200, await response.clone().text());
    await response.arrayBuffer();
    done++;
  }
  return outcome;
}

async function race(s: Service, useIfMatch: boolean): Promise<{ id: number; refused: number }> {
  const { id } = (await create(s)).answer;
  assert.is((await put(s, `${PATH}/${id}`, COUNTER === undefined ? change() : { [COUNTER]: START })).status, 200);
  const outcomes = await Promise.all(Array.from({ length: CLIENTS }, () => client(s, id, useIfMatch)));
  return { id, refused: outcomes.reduce((sum, outcome) => sum + outcome.refused, 0) };
}

const test = suite('lost updates');
const service = useService(test);

test(`${CLIENTS} clients × ${UPDATES_EACH} read-modify-writes with If-Match: every one counts, every 412 changed nothing`, async () => {
  const { id, refused } = await race(service(), true);
  const { body } = await readOne(service(), id);
  if (COUNTER !== undefined) assert.is(counted(body), INCREMENTS);
  // Created at 1, one update to the start value, then exactly the acknowledged ones: no 412 wrote.
  assert.is(body.version, 2 + INCREMENTS);
  console.log(`    with If-Match: ${refused} stale writes refused with 412 and retried`);
});

test('the same without If-Match: every write is acknowledged, and updates may be lost', async () => {
  const { id } = await race(service(), false);
  const { body } = await readOne(service(), id);
  assert.ok(counted(body) <= INCREMENTS);
  assert.is(body.version, 2 + INCREMENTS);
  if (COUNTER !== undefined)
    console.log(`    without If-Match: ${INCREMENTS - counted(body)} of ${INCREMENTS} acknowledged increments lost`);
});

test('two clients that read the same version: without If-Match the second overwrites the first, with it the second gets 412', async () => {
  const { id } = (await create(service())).answer;
  assert.is((await put(service(), `${PATH}/${id}`, COUNTER === undefined ? change() : { [COUNTER]: START })).status, 200);
  const a = await readOne(service(), id);
  const b = await readOne(service(), id);
  assert.is((await put(service(), `${PATH}/${id}`, nextChange(a.body))).status, 200);
  assert.is((await put(service(), `${PATH}/${id}`, nextChange(b.body))).status, 200);
  // Two acknowledged increments, one counted: A's was lost.
  if (COUNTER !== undefined) assert.is(counted((await readOne(service(), id)).body), 1);

  const c = await readOne(service(), id);
  const d = await readOne(service(), id);
  assert.is((await put(service(), `${PATH}/${id}`, nextChange(c.body), { ...WRITE_HEADERS, 'If-Match': c.etag })).status, 200);
  assert.is((await put(service(), `${PATH}/${id}`, nextChange(d.body), { ...WRITE_HEADERS, 'If-Match': d.etag })).status, 412);
  if (COUNTER !== undefined) assert.is(counted((await readOne(service(), id)).body), 2);
});

test.run();
