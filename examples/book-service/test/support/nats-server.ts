import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

import type { BookEvent } from '../../src/client/events.js';
import { natsPublisher } from '../../src/events/nats-publisher.js';
import type { Publisher } from '../../src/events/relay.js';
import { SERVICE_NAME } from '../../src/service-name.js';

/** A nats-server with JetStream of the tests' own, on a free port, its store in a temporary folder. */
export interface NatsServer {
  url: string;
  /** The stream the tests' relays publish to. */
  stream: string;
  /** A publisher to it, as the service makes one. */
  publisher(): Publisher;
  /** Stops the server (SIGTERM) and waits until it is gone; the stream stays in its folder. */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Subscribes to this service's subjects: `arrived` resolves when the next event is published. */
  nextEvent(): Promise<{ arrived: Promise<void> }>;
  /** Every event in the stream, in stream order, with its Nats-Msg-Id; empties the stream when `purge`. */
  events(options?: { purge?: boolean }): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

export interface StoredEvent {
  subject: string;
  msgId: string | undefined;
  event: BookEvent;
}

/** NATS_SERVER names the binary where it is not `nats-server` on PATH (Debian: /usr/sbin/nats-server). */
const BINARY = process.env.NATS_SERVER ?? 'nats-server';

/** Starts one; the tests of change events need it (`apt-get install nats-server` on Debian). */
export async function startNatsServer(stream = 'TEST_EVENTS'): Promise<NatsServer> {
  const dir = await mkdtemp(join(tmpdir(), 'nats-'));
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const start = async () => {
    const started = spawn(BINARY, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir], { stdio: 'ignore' });
    child = started;
    const failed = once(started, 'error').then(([error]) => {
      throw new Error(`cannot start ${BINARY} (${(error as Error).message}): install nats-server, or name it in NATS_SERVER`);
    });
    await Promise.race([failed, untilListening(port)]);
  };
  const stop = async () => {
    if (child === undefined || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };

  try {
    await start();
  } catch (error) {
    child?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    stream,
    publisher: () => natsPublisher({ url, stream }),
    stop,
    start,
    nextEvent: async () => {
      const nc = await connect({ servers: url });
      // Resolved from the callback, as the message is read: a caller that kills the service on it
      // must not first wait for the connection to close, or the relay finishes its batch meanwhile.
      const arrived = new Promise<void>((resolve) => {
        nc.subscribe(`${SERVICE_NAME}.>`, {
          max: 1,
          callback: () => {
            resolve();
            void nc.close();
          },
        });
      });
      await nc.flush();
      return { arrived };
    },
    events: (options) => readStream(url, stream, options?.purge === true),
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function readStream(url: string, stream: string, purge: boolean): Promise<StoredEvent[]> {
  const nc = await connect({ servers: url });
  try {
    const manager = await jetstreamManager(nc);
    const { state } = await manager.streams.info(stream).catch(() => ({ state: { first_seq: 1, last_seq: 0, messages: 0 } }));
    const events: StoredEvent[] = [];
    if (state.messages > 0) {
      for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
        const message = await manager.streams.getMessage(stream, { seq });
        if (message === null) continue;
        events.push({ subject: message.subject, msgId: message.header.get('Nats-Msg-Id') || undefined, event: message.json() });
      }
    }
    if (purge && state.messages > 0) await manager.streams.purge(stream);
    return events;
  } finally {
    await nc.close();
  }
}

/** A port nothing listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** Until the port takes connections; 10 s at most. */
async function untilListening(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const connected = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) return;
    if (Date.now() > deadline) throw new Error(`nats-server did not listen on port ${port} within 10 s`);
    await sleep(50);
  }
}
