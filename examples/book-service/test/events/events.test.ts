import { Registry } from 'prom-client';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createBook } from '../../src/book/book.repository.js';
import { EVENT_SOURCE } from '../../src/events/change-event.js';
import { startRelay } from '../../src/events/relay.js';
import { once } from '../../src/http/idempotency.js';
import { createLogger } from '../../src/logger.js';
import { asyncApiCheck, QUICK_RELAY, untilRelayed } from '../support/event-checks.js';
import { change, numbered } from '../support/factory.js';
import { type Answer, create, del, post, put, useService, WRITE_HEADERS } from '../support/helpers.js';
import { type NatsServer, startNatsServer } from '../support/nats-server.js';
import { AUTHORIZATION, TEST_USERNAME } from '../support/tokens.js';

const PATH = '/api/books';

const test = suite('change events');
const service = useService(test);
let nats: Promise<NatsServer> | undefined;
let relay: ReturnType<typeof startRelay> | undefined;

test.before.each(async () => {
  nats ??= startNatsServer();
  relay = startRelay(service().db.knex, (await nats).publisher(), QUICK_RELAY, new Registry(), createLogger('silent'));
});
test.after.each(async () => {
  await relay?.stop();
  // uvu runs this after a failed test too, where an error here would hide that failure.
  await (await nats?.catch(() => undefined))?.events({ purge: true });
});
test.after(async () => {
  await (await nats?.catch(() => undefined))?.close();
});

const restoreOf = (id: number) => service().api(`${PATH}/${id}/restore`, { method: 'POST', headers: { Authorization: AUTHORIZATION } });

/** The stream's events once the relay has emptied the outbox. */
async function published() {
  await untilRelayed(service());
  return (await nats!).events();
}

test('every write is one event, in order, its data the book as the API answered it', async () => {
  const { answer: created } = await create(service(), numbered(1));
  const updated = (await (await put(service(), `${PATH}/${created.id}`, change(1))).json()) as Answer;
  assert.is((await del(service(), `${PATH}/${created.id}`)).status, 204);
  const restore = await restoreOf(created.id);
  assert.is(restore.status, 200, await restore.clone().text());
  const restored = await restore.json();

  const events = await published();
  const types = events.map(({ event }) => event.type.split('.').at(-1));
  assert.equal(types, ['created', 'updated', 'deleted', 'restored']);
  assert.equal(events[0]!.event.data, created);
  assert.equal(events[1]!.event.data, updated);
  // A delete raises the version and records who and when.
  assert.is(events[2]!.event.data.version, (updated.version as number) + 1);
  assert.is(events[2]!.event.data.deletedBy, TEST_USERNAME);
  assert.equal(events[3]!.event.data, restored);
  for (const { event, msgId, subject } of events) {
    assert.is(event.specversion, '1.0');
    assert.is(event.source, EVENT_SOURCE);
    assert.is(event.subject, String(created.id));
    assert.is(event.actor, TEST_USERNAME);
    assert.is(subject, event.type, 'published on the subject of its type');
    assert.is(msgId, event.id, 'Nats-Msg-Id is the event id');
    assert.ok(Date.parse(event.time as string) > 0);
  }
});

test('every event validates against the AsyncAPI document', async () => {
  const check = await asyncApiCheck(service());
  const { answer } = await create(service(), numbered(1));
  await put(service(), `${PATH}/${answer.id}`, change(1));
  await create(service(), numbered(2));
  assert.is((await del(service(), `${PATH}/${answer.id}`)).status, 204);
  assert.is((await restoreOf(answer.id)).status, 200);
  const events = await published();
  assert.is(events.length, 5);
  for (const stored of events) assert.equal(check(stored), [], JSON.stringify(stored.event));
  // The check can fail: an event without its data does not conform.
  const { data: _, ...withoutData } = events[0]!.event;
  assert.ok(check({ ...events[0]!, event: withoutData as (typeof events)[0]['event'] }).length > 0);
});

test('a write that fails, rolls back or is replayed publishes nothing', async () => {
  const { answer } = await create(service(), numbered(1));
  // Refused writes: a bad body, a stale If-Match.
  assert.is((await post(service(), PATH, { ...numbered(2), id: 7 })).status, 400);
  const stale = await put(service(), `${PATH}/${answer.id}`, change(1), { ...WRITE_HEADERS, 'If-Match': '"99"' });
  assert.is(stale.status, 412);
  // A keyed create whose transaction rolls back after the row was written.
  const knex = service().db.knex;
  const rolledBack = once(knex, { key: 'rolls-back', fingerprint: 'f', ttlSeconds: 60 }, async (trx) => {
    await createBook(numbered(3), TEST_USERNAME, trx);
    throw new Error('rolled back on purpose');
  });
  assert.match(String(await rolledBack.catch((error: unknown) => error)), /rolled back on purpose/);
  // A keyed create and its replay: one book, one event.
  const keyed = { ...WRITE_HEADERS, 'Idempotency-Key': 'once' };
  assert.is((await post(service(), PATH, numbered(4), keyed)).status, 201);
  const replay = await post(service(), PATH, numbered(4), keyed);
  assert.is(replay.headers.get('idempotent-replayed'), 'true');

  const events = await published();
  assert.equal(
    events.map(({ event }) => [event.type.split('.').at(-1), event.subject]),
    [
      ['created', String(answer.id)],
      ['created', String(((await replay.json()) as Answer).id)],
    ],
  );
});

test.run();
