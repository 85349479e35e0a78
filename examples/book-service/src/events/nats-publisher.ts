import { setTimeout as sleep } from 'node:timers/promises';

import { JetStreamApiCodes, JetStreamApiError, type JetStreamClient, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import type { CloudEvent } from 'cloudevents';

import { SERVICE_NAME } from '../service-name.js';
import type { Publisher } from './relay.js';

export interface NatsSettings {
  /** NATS_URL: the server, or several separated by commas. */
  url: string;
  /** NATS_STREAM: the JetStream stream that keeps the events; made when missing. */
  stream: string;
}

/** How long a publish waits for JetStream to confirm it stored the event. */
const PUBLISH_TIMEOUT_MS = 2_000;

/** The subjects the stream keeps: every event type of this service (see change-event.ts). */
const SUBJECTS = `${SERVICE_NAME}.>`;

/**
 * Publishes to NATS JetStream, each event on the subject of its type, with its id as Nats-Msg-Id:
 * within the stream's duplicate window (2 minutes by default) a republish of an id is dropped. The
 * connection is made on the first connect() and kept; the client reconnects by itself after that.
 */
export function natsPublisher(settings: NatsSettings): Publisher {
  let connection: Promise<{ nc: NatsConnection; js: JetStreamClient }> | undefined;

  const open = async () => {
    // noAsyncTraces: without it every publish builds two Errors (their stacks) in case it fails,
    // about a fifth of the relay's CPU per event; a failure still says what failed.
    const nc = await connect({
      servers: settings.url.split(','),
      name: SERVICE_NAME,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
      noAsyncTraces: true,
    });
    try {
      await ensureStream(nc, settings.stream);
    } catch (error) {
      await nc.close();
      throw error;
    }
    // One client for the connection's life: making one per publish cost more than the publish.
    return { nc, js: jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS }) };
  };

  const connected = () => {
    connection ??= open().catch((error: unknown) => {
      connection = undefined;
      throw error;
    });
    return connection;
  };

  return {
    connect: async () => {
      const { nc } = await connected();
      // While the client reconnects, a publish would wait for its timeout (and queue up to be sent
      // later): one ping tells the relay to wait instead, before it reads a batch.
      const waiting = new AbortController();
      const answered = await Promise.race([
        nc.flush().then(
          () => true,
          () => false,
        ),
        sleep(PUBLISH_TIMEOUT_MS, false, { signal: waiting.signal }).catch(() => false),
      ]);
      waiting.abort();
      if (!answered) throw new Error(`NATS at ${settings.url} does not answer`);
    },
    publish: async (event: CloudEvent<unknown>) => {
      const { js } = await connected();
      const header = headers();
      header.set('content-type', 'application/cloudevents+json; charset=utf-8');
      await js.publish(event.type, JSON.stringify(event), { msgID: event.id, headers: header });
    },
    close: async () => {
      const nc = (await connection?.catch(() => undefined))?.nc;
      connection = undefined;
      if (nc !== undefined && !nc.isClosed()) await nc.drain();
    },
  };
}

/** Makes the stream where it is missing; one that exists is left as its owner set it up. */
async function ensureStream(nc: NatsConnection, stream: string): Promise<void> {
  const manager = await jetstreamManager(nc, { timeout: PUBLISH_TIMEOUT_MS });
  try {
    await manager.streams.info(stream);
  } catch (error) {
    if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound)) throw error;
    await manager.streams.add({ name: stream, subjects: [SUBJECTS] });
  }
}
