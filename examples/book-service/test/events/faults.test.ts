import { setTimeout as sleep } from 'node:timers/promises';

import { Registry } from 'prom-client';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { natsPublisher } from '../../src/events/nats-publisher.js';
import { outboxDepth } from '../../src/events/outbox.js';
import { type Publisher, startRelay } from '../../src/events/relay.js';
import { createLogger } from '../../src/logger.js';
import { assertOnceInOrder, asyncApiCheck, QUICK_RELAY, untilRelayed, writeUnderLoad } from '../support/event-checks.js';
import { numbered } from '../support/factory.js';
import { create, useService } from '../support/helpers.js';
import { type NatsServer, startNatsServer } from '../support/nats-server.js';

// The faults a relay must ride out, each against a real nats-server. What each test saw is printed.

/** How long the broker stays away under load (at least the 30 s the service promises to ride out). */
const OUTAGE_SECONDS = Number(process.env.EVENTS_OUTAGE_SECONDS ?? 30);

const test = suite('change events when things fail');
const service = useService(test);
let nats: Promise<NatsServer> | undefined;
const silent = createLogger('silent');

test.before.each(async () => {
  nats ??= startNatsServer();
  await nats;
});
test.after.each(async () => {
  // uvu runs this after a failed test too, where an error here would hide that failure.
  await (await nats?.catch(() => undefined))?.events({ purge: true });
});
test.after(async () => {
  await (await nats?.catch(() => undefined))?.close();
});

/** A publisher that counts what it published. */
function counting(publisher: Publisher): Publisher & { count: number } {
  const counted = {
    ...publisher,
    count: 0,
    publish: async (event: Parameters<Publisher['publish']>[0]) => {
      await publisher.publish(event);
      counted.count++;
    },
  };
  return counted;
}

async function metric(name: string): Promise<number> {
  const text = await (await service().management('/metrics')).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
}

test(`a broker away for ${OUTAGE_SECONDS} s under load: writes go on, the outbox grows, every change arrives once and in order`, async () => {
  const broker = (await nats)!;
  const relay = startRelay(service().db.knex, broker.publisher(), QUICK_RELAY, service().registry, silent);
  try {
    await broker.stop();
    const load = writeUnderLoad(service(), OUTAGE_SECONDS);
    await sleep(Math.min(5_000, (OUTAGE_SECONDS * 1_000) / 2));
    assert.is((await service().management('/health/ready')).status, 200, 'readiness does not depend on the broker');
    assert.ok((await metric('events_outbox_depth')) > 0, 'the depth shows the waiting changes');
    const { committed, writes } = await load;
    const depth = await metric('events_outbox_depth');
    const age = await metric('events_outbox_oldest_age_seconds');
    assert.is(depth, writes, 'every committed change waits in the outbox');
    assert.ok(age >= OUTAGE_SECONDS - 1, `the oldest waits for ${age} s`);

    const back = Date.now();
    await broker.start();
    await untilRelayed(service(), 120_000);
    const events = await broker.events();
    console.log(
      `  broker away ${OUTAGE_SECONDS} s: ${writes} changes committed (${committed.size} books), outbox depth ${depth}, ` +
        `oldest ${age.toFixed(1)} s; ${events.length} events received, relayed in ${Date.now() - back} ms after it returned`,
    );
    assertOnceInOrder(events, committed, await asyncApiCheck(service()));
    assert.is(await metric('events_outbox_depth'), 0);
  } finally {
    await relay.stop();
  }
});

test('a relay that dies between publish and delete causes no duplicate: another takes over when its lease runs out', async () => {
  const broker = (await nats)!;
  const committed = new Map<number, string[]>();
  for (let n = 1; n <= 20; n++) committed.set((await create(service(), numbered(n))).answer.id, ['created']);
  // The first relay's broker stores five events; then its process "dies": no publish returns, nothing is deleted.
  const real = broker.publisher();
  let started = 0;
  let stored = 0;
  const dying: Publisher = {
    connect: () => real.connect(),
    publish: async (event) => {
      if (started++ >= 5) return new Promise<never>(() => undefined);
      await real.publish(event);
      stored++;
    },
    close: () => real.close(),
  };
  startRelay(service().db.knex, dying, QUICK_RELAY, new Registry(), silent);
  const deadline = Date.now() + 10_000;
  while (stored < 5 && Date.now() < deadline) await sleep(20);
  assert.is(stored, 5);
  assert.is((await broker.events()).length, 5, 'published');
  assert.is((await outboxDepth(service().db.knex)).depth, 20, 'and still in the outbox');

  const successor = counting(broker.publisher());
  const relay = startRelay(service().db.knex, successor, QUICK_RELAY, new Registry(), silent);
  try {
    await untilRelayed(service());
    const events = await broker.events();
    console.log(
      `  relay died after publishing 5 of 20: its successor published ${successor.count} (5 again, dropped by Nats-Msg-Id); ` +
        `${events.length} events in the stream`,
    );
    assert.is(successor.count, 20);
    assertOnceInOrder(events, committed, await asyncApiCheck(service()));
  } finally {
    await relay.stop();
    await real.close();
  }
});

test('two replicas relaying at once publish every change once, in order; when one stops, the other carries on', async () => {
  const broker = (await nats)!;
  const publishers = [counting(broker.publisher()), counting(broker.publisher())];
  const relays = publishers.map((publisher) => startRelay(service().db.knex, publisher, QUICK_RELAY, new Registry(), silent));
  try {
    const load = writeUnderLoad(service(), 6);
    await sleep(3_000);
    // Whichever holds the lease gives it up; the other takes it at its next look.
    const holder = publishers[0]!.count >= publishers[1]!.count ? 0 : 1;
    await relays[holder]!.stop();
    const { committed, writes } = await load;
    await untilRelayed(service());
    const events = await broker.events();
    console.log(
      `  two relays: ${writes} changes committed; published ${publishers[0]!.count} + ${publishers[1]!.count}, ` +
        `relay ${holder + 1} stopped midway; ${events.length} events in the stream`,
    );
    assert.ok(publishers[1 - holder]!.count > 0, 'the other relay took over');
    assertOnceInOrder(events, committed, await asyncApiCheck(service()));
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()));
  }
});

for (const url of ['nats://127.0.0.1:1', 'nats://not a host:port']) {
  test(`NATS_URL=${url} is one line in the log, and the service still serves`, async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    const relay = startRelay(service().db.knex, natsPublisher({ url, stream: 'NOWHERE' }), QUICK_RELAY, new Registry(), logger);
    try {
      await create(service(), numbered(1));
      assert.is((await service().management('/health/ready')).status, 200);
      // Several tries meanwhile.
      await sleep(1_500);
      const said = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      assert.is(said.length, 1, JSON.stringify(said));
      assert.is(said[0]!.level, 40);
      assert.match(said[0]!.msg, /^events: cannot publish \(.+\); changes wait in the outbox, trying again$/);
      assert.is((await outboxDepth(service().db.knex)).depth, 1);
    } finally {
      await relay.stop();
    }
  });
}

test.run();
