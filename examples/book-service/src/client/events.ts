/**
 * The change events of this service, as a consumer receives them from NATS JetStream (one CloudEvent
 * per message body, structured JSON; /asyncapi.json describes them). `data` is the book as the
 * API answers it, so its type is the API's.
 */
import type * as OpenApi from './schema.js';

/** What can happen to a book; each is the last word of an event's `type` and subject. */
export type BookChange = 'created' | 'updated' | 'deleted' | 'restored';

export interface BookEvent<C extends BookChange = BookChange> {
  specversion: '1.0';
  /** Unique per event; the same again when an event is redelivered: de-duplicate by it. */
  id: string;
  type: `book-service.book.${C}`;
  source: string;
  /** The book's id, as text. */
  subject: string;
  /** When the change was committed, ISO 8601. */
  time: string;
  datacontenttype: 'application/json';
  /** The subject (sub) of the token that made the change; absent without one. */
  actor?: string;
  /** The book after the change; for a delete, as it was when deleted. */
  data: OpenApi.components['schemas']['Book'];
}
