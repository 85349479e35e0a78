import { setTimeout as sleep } from 'node:timers/promises';

import { Parser } from '@asyncapi/parser';
import * as assert from 'uvu/assert';

import { outboxDepth } from '../../src/events/outbox.js';
import type { RelaySettings } from '../../src/events/relay.js';
import { CAPACITY, change, numbered } from './factory.js';
import { create, del, put, type Service } from './helpers.js';
import type { StoredEvent } from './nats-server.js';
import { schemaProblems } from './schema-check.js';
import type { Schema } from './schema-values.js';

/** A relay that looks often and hands over fast: the tests wait for it. */
export const QUICK_RELAY: RelaySettings = { batchSize: 100, pollIntervalMs: 20, leaseSeconds: 1 };

/** Until the outbox is empty (every change published and removed); at most `timeoutMs`. */
export async function untilRelayed(service: Service, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { depth } = await outboxDepth(service.db.knex);
    if (depth === 0) return;
    if (Date.now() > deadline) throw new Error(`the outbox still holds ${depth} changes after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/**
 * The service's /asyncapi.json, parsed by @asyncapi/parser (an error in it fails), and a check of an
 * event against its message's payload schema: the problems, none when it conforms.
 */
export async function asyncApiCheck(service: Pick<Service, 'api'>): Promise<(stored: StoredEvent) => string[]> {
  const response = await service.api('/asyncapi.json');
  assert.is(response.status, 200);
  const { document, diagnostics } = await new Parser().parse(await response.text());
  // Severity 0 is an error; warnings (hints about optional fields) do not make it invalid.
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0).map((diagnostic) => diagnostic.message);
  assert.equal(errors, [], 'the AsyncAPI document is valid');
  assert.ok(document);
  const payloads = new Map(
    document
      .messages()
      .all()
      .map((message) => [message.name(), message.payload()?.json() as Schema]),
  );
  return (stored) => {
    const schema = payloads.get(stored.event.type);
    if (schema === undefined) return [`no message in the document is named ${stored.event.type}`];
    return schemaProblems(schema, stored.event, stored.event.type);
  };
}

/** What a client saw committed, per book id: each change's type, in order. */
export type Committed = Map<number, string[]>;

/**
 * Writes for `seconds` from `clients` clients at once: each creates a book, changes it twice and
 * deletes every third; what was answered as done is recorded. Bounded in time and count.
 */
export async function writeUnderLoad(service: Service, seconds: number, clients = 4): Promise<{ committed: Committed; writes: number }> {
  const committed: Committed = new Map();
  const deadline = Date.now() + seconds * 1_000;
  // Each book its own numbered body, so no unique value repeats (see factory.ts).
  const items = Math.min(5_000, CAPACITY.count);
  let writes = 0;
  let n = 0;
  const client = async () => {
    while (Date.now() < deadline && n < items) {
      const k = ++n;
      const { answer } = await create(service, numbered(k));
      const changes = ['created'];
      committed.set(answer.id, changes);
      for (let i = 1; i <= 2; i++) {
        const response = await put(service, `/api/books/${answer.id}`, change(i));
        assert.is(response.status, 200, await response.clone().text());
        changes.push('updated');
      }
      if (k % 3 === 0) {
        assert.is((await del(service, `/api/books/${answer.id}`)).status, 204);
        changes.push('deleted');
      }
      writes += changes.length;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { committed, writes };
}

/**
 * Every committed change is in the stream exactly once (by id and by content), and each book's
 * in the order they were made, versions rising; nothing else is there. With `check`, each event
 * conforms to the AsyncAPI document too.
 */
export function assertOnceInOrder(stored: StoredEvent[], committed: Committed, check?: (stored: StoredEvent) => string[]): void {
  const nonconforming = check === undefined ? [] : stored.map(check).filter((problems) => problems.length > 0);
  assert.equal(nonconforming.slice(0, 3), [], `${nonconforming.length} events do not conform to the AsyncAPI document`);
  const ids = new Set(stored.map(({ event }) => event.id));
  assert.is(ids.size, stored.length, 'no event id twice in the stream');
  const seen: Committed = new Map();
  const versions = new Map<string, number>();
  for (const { event, msgId } of stored) {
    assert.is(msgId, event.id, 'Nats-Msg-Id is the event id');
    seen.set(Number(event.subject), [...(seen.get(Number(event.subject)) ?? []), event.type.split('.').at(-1)!]);
    const last = versions.get(event.subject) ?? 0;
    assert.ok(event.data.version >= last, `${event.subject}: version ${event.data.version} after ${last}`);
    versions.set(event.subject, event.data.version);
  }
  const count = (map: Committed) => [...map.values()].reduce((sum, changes) => sum + changes.length, 0);
  assert.is(count(seen), count(committed), 'as many events as committed changes');
  assert.equal(seen, committed);
}
