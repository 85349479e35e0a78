import * as assert from 'uvu/assert';

import { OWN_KEYS } from './factory.js';
import type { Service } from './helpers.js';

/** Every book, in id order (up to 100). */
export async function listAll(s: Service) {
  return (await (await s.api('/api/books?pageSize=100')).json()) as Record<string, unknown>[];
}

/** Asserts a plain-text answer with this status and text (or a text matching the pattern). */
export async function expectText(response: Response, status: number, text: string | RegExp) {
  assert.is(response.status, status);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  const body = await response.text();
  if (typeof text === 'string') assert.is(body, text);
  else assert.match(body, text);
}

/** The book's own fields: a record without the keys the service sets (id, version, ...). */
export function fieldsOf(record: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !OWN_KEYS.includes(key)));
}
