import { CloudEvent } from 'cloudevents';
import type { BookJson } from '../book/book.model.js';
import { booksPath } from '../client/paths.js';
import { SERVICE_NAME } from '../service-name.js';

/** What can happen to a book: each is an event type of its own. */
export const CHANGES = ['created', 'updated', 'deleted', 'restored'] as const;
export type Change = (typeof CHANGES)[number];

/** `book-service.book.created`: the event's CloudEvents type, and the subject it is published on. */
export const eventType = (change: Change) => `${SERVICE_NAME}.book.${change}`;

/** Where the events come from (CloudEvents `source`): this service's books. */
export const EVENT_SOURCE = `/${SERVICE_NAME}${booksPath}`;

/** A change as the outbox recorded it, its book as the API answers it. */
export interface RecordedChange {
  /** The outbox row's id: the event's id, which consumers and the broker de-duplicate by. */
  id: string;
  change: Change;
  /** The subject of the write's token (see auth/actor.ts); null without one. */
  actor: string | null;
  /** When the change was committed, ISO 8601 in UTC. */
  recordedAt: string;
  /** After the change; for a delete, as it was when deleted. */
  item: BookJson;
}

/**
 * The CloudEvent (1.0, structured JSON) of a recorded change: `subject` is the book's id, `data`
 * the book with its version, and `actor` an extension attribute (left out without one).
 */
export function changeEvent(recorded: RecordedChange): CloudEvent<BookJson> {
  return new CloudEvent({
    specversion: '1.0',
    id: recorded.id,
    type: eventType(recorded.change),
    source: EVENT_SOURCE,
    subject: String(recorded.item.id),
    time: recorded.recordedAt,
    datacontenttype: 'application/json',
    data: recorded.item,
    ...(recorded.actor === null ? {} : { actor: recorded.actor }),
  });
}
