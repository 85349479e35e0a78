import Router from '@koa/router';
import toJsonSchema from '@openapi-contrib/openapi-schema-to-json-schema';

import { bookSchema } from '../book/book.schema.js';
import { packageVersion } from '../openapi/document.js';
import { type Json, jsonSchemaOf } from '../openapi/schema.js';
import { SERVICE_TITLE } from '../service-name.js';
import { CHANGES, type Change, EVENT_SOURCE, eventType } from './change-event.js';

const SPEC_PATH = '/asyncapi.json';

/** What each change means to a consumer. */
const MEANINGS: Record<Change, string> = {
  created: 'A book was created; `data` is the book as stored.',
  updated: 'A book was changed; `data` is the book after the change, its version raised.',
  deleted: 'A book was deleted; `data` is the book as it was when deleted.',
  restored: 'A deleted book was restored; `data` is the book as restored.',
};

/** `created` -> `bookCreated`: the channel's and its message's name in the document. */
const nameOf = (change: Change) => `book${change[0]!.toUpperCase()}${change.slice(1)}`;

/** The CloudEvents envelope of one change, structured mode: the message's whole body. */
function envelope(change: Change): Json {
  const text = { type: 'string', minLength: 1 };
  return {
    type: 'object',
    required: ['specversion', 'id', 'source', 'type', 'subject', 'time', 'datacontenttype', 'data'],
    properties: {
      specversion: { const: '1.0' },
      id: { ...text, format: 'uuid', description: 'Unique per event: a redelivered event has the same id (de-duplicate by it).' },
      source: { const: EVENT_SOURCE },
      type: { const: eventType(change) },
      subject: { ...text, pattern: '^[1-9][0-9]*$', description: "The book's id." },
      time: { ...text, format: 'date-time', description: 'When the change was committed.' },
      datacontenttype: { const: 'application/json' },
      actor: { ...text, description: "Who made the change: the subject (sub) of the request's token; absent without one." },
      data: { $ref: '#/components/schemas/Book' },
    },
  };
}

/**
 * The AsyncAPI 3.0 document of the change events, from the same Joi schema as the OpenAPI
 * document's Book, so that the two cannot drift apart: one channel per change, published on
 * the subject of its event type.
 */
export function buildAsyncApiDocument(): Json {
  const channels: Record<string, Json> = {};
  const operations: Record<string, Json> = {};
  const messages: Record<string, Json> = {};
  for (const change of CHANGES) {
    const name = nameOf(change);
    channels[name] = {
      address: eventType(change),
      description: MEANINGS[change],
      messages: { [name]: { $ref: `#/components/messages/${name}` } },
    };
    operations[`publish${name[0]!.toUpperCase()}${name.slice(1)}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${name}` },
      messages: [{ $ref: `#/channels/${name}/messages/${name}` }],
    };
    messages[name] = {
      name: eventType(change),
      title: `Book ${change}`,
      summary: MEANINGS[change],
      contentType: 'application/cloudevents+json',
      headers: {
        type: 'object',
        properties: {
          'Nats-Msg-Id': { type: 'string', description: "The event's id: JetStream drops a republish of it within its duplicate window." },
        },
      },
      payload: envelope(change),
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: `${SERVICE_TITLE} events`,
      version: packageVersion(),
      description:
        'Every committed change of a book is published once as a CloudEvent (1.0, structured JSON), in the order ' +
        'the changes were made for each book. A change that rolled back is never published. An event may ' +
        'arrive again after a failure (the broker drops repeats within its duplicate window): de-duplicate by its id.',
    },
    defaultContentType: 'application/cloudevents+json',
    servers: {
      nats: { host: 'localhost:4222', protocol: 'nats', description: 'NATS with JetStream: NATS_URL; the stream is NATS_STREAM.' },
    },
    channels,
    operations,
    components: { schemas: { Book: toJsonSchema(jsonSchemaOf(bookSchema)) }, messages },
  };
}

/** Serves the document at /asyncapi.json, beside /openapi.json. */
export function asyncApiRouter(): Router {
  const document = JSON.stringify(buildAsyncApiDocument());
  return new Router().get(SPEC_PATH, (ctx) => {
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  });
}
