import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { assertOnceInOrder, asyncApiCheck } from '../support/event-checks.js';
import { CAPACITY, numbered } from '../support/factory.js';
import { freePort, type NatsServer, startNatsServer } from '../support/nats-server.js';
import { postgresSchema, type ScratchDatabase } from '../support/scratch-database.js';
import { AUTH_ENV, AUTHORIZATION } from '../support/tokens.js';

// The service itself, killed (SIGKILL) while its relay publishes: after the broker stored some
// events and before the relay removed them from the outbox. Started again, it publishes them
// again, and JetStream drops the repeats: the stream holds each change once.

const root = join(import.meta.dirname, '../..');
/**
 * Changes made while the broker is away: one batch for the relay, so none is removed before all are
 * stored. Many, so that publishing them takes longer than the kill takes to land (300 left some
 * PostgreSQL runs no window); as many as a unique field allows.
 */
const CHANGES = Math.min(1_000, CAPACITY.count);

const test = suite('change events when the service is killed mid-batch');

interface Running {
  child: ChildProcess;
  api: string;
  management: string;
}

/** `npm start` as a child process, on the database of `env`; ready when /health/ready says so. */
async function startService(env: Record<string, string>): Promise<Running> {
  const [port, managementPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...AUTH_ENV,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MANAGEMENT_PORT: String(managementPort),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const management = `http://127.0.0.1:${managementPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`${management}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, api: `http://127.0.0.1:${port}`, management };
    if (Date.now() > deadline) throw new Error('the service was not ready within 60 s');
    await sleep(100);
  }
}

/** A metric of the service without labels, e.g. events_outbox_depth. */
async function metric(service: Running, name: string): Promise<number> {
  const text = await (await fetch(`${service.management}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
}

const depth = (service: Running) => metric(service, 'events_outbox_depth');

/**
 * One try: the service killed as the broker stores the first event, then started again; the stream
 * must hold each change once whatever the kill interrupted. True when the kill landed between
 * publish and delete (the case this test is for).
 */
async function killMidBatch(): Promise<boolean> {
  const nats: NatsServer = await startNatsServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'events-crash-'));
  const database: ScratchDatabase | undefined = process.env.DATABASE_URL ? await postgresSchema(process.env.DATABASE_URL) : undefined;
  const env = {
    ...(database?.env ?? { DATA_DIR: dataDir }),
    NATS_URL: nats.url,
    NATS_STREAM: nats.stream,
    EVENTS_BATCH_SIZE: String(CHANGES),
    EVENTS_POLL_INTERVAL_MS: '20',
    EVENTS_LEASE_SECONDS: '1',
  };
  let service: Running | undefined;
  try {
    await nats.stop();
    service = await startService(env);
    const committed = new Map<number, string[]>();
    // Ten clients at a time: each change is its own create, and the order among them is the outbox's.
    for (let first = 1; first <= CHANGES; first += 10) {
      const numbers = Array.from({ length: Math.min(10, CHANGES - first + 1) }, (_, i) => first + i);
      await Promise.all(
        numbers.map(async (n) => {
          const response = await fetch(`${service!.api}/api/books`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: AUTHORIZATION },
            body: JSON.stringify(numbered(n)),
          });
          assert.is(response.status, 201, await response.clone().text());
          committed.set(((await response.json()) as { id: number }).id, ['created']);
        }),
      );
    }
    assert.is(await depth(service), CHANGES);

    // The broker returns; the moment it has stored the first event, the service dies.
    await nats.start();
    const { arrived } = await nats.nextEvent();
    await arrived;
    service.child.kill('SIGKILL');
    await once(service.child, 'exit');
    const stored = (await nats.events()).length;

    service = await startService(env);
    const deadline = Date.now() + 60_000;
    while ((await depth(service)) > 0 && Date.now() < deadline) await sleep(50);
    // What the restarted relay found in the outbox: rows the dead one published but had not removed
    // (the broker drops those again), and the rest. None when the kill came after the delete.
    const republished = await metric(service, 'events_published_total');
    const events = await nats.events();
    console.log(
      `  killed once the broker had ${stored} of ${CHANGES} events; the restarted service published ${republished} ` +
        `(${Math.max(0, stored + republished - CHANGES)} again); then ${events.length} events in the stream`,
    );
    const api = (path: string) => fetch(`${service!.api}${path}`);
    assertOnceInOrder(events, committed, await asyncApiCheck({ api }));
    return stored > 0 && republished > 0;
  } finally {
    if (service && service.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit');
    }
    await nats.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The relay publishes a batch in a few milliseconds: where the kill lands is up to the scheduler, so it gets several tries. */
const TRIES = 5;

test(`a service killed between publish and delete publishes again on restart, and the stream holds each of ${CHANGES} changes once`, async () => {
  for (let attempt = 1; attempt <= TRIES; attempt++) if (await killMidBatch()) return;
  assert.unreachable(`in ${TRIES} tries the kill never landed between publish and delete`);
});

test.run();
