import type { Context } from 'koa';

import { INT4_MAX } from './ids.js';

/**
 * What a write's If-Match asks of the stored version: any existing row ('*'), one of `versions`
 * (none: no tag of ours, so no row matches), or nothing at all (undefined).
 */
export type Precondition = '*' | { versions: number[] } | undefined;

/** The strong ETag of a row at this version: `"3"`. The URL names the row, the tag its state. */
export const etag = (version: number): string => `"${version}"`;

// Entity tags, weak or strong: W/"3", "3". Ours never hold a comma or a quote.
const ENTITY_TAG = /(W\/)?"([^"]*)"/g;
const VERSION = /^[1-9][0-9]{0,9}$/;

/**
 * Reads If-Match for a PUT or DELETE. Tags are compared strongly (RFC 9110, 13.1.1): a weak tag
 * or one that is not ours matches no version. Without the header, `required` answers 428.
 */
export function ifMatch(ctx: Context, required: boolean): Precondition {
  const header = ctx.get('If-Match').trim();
  if (header === '') {
    if (required) ctx.throw(428, 'This service requires If-Match: send the ETag of your last read (or *)');
    return undefined;
  }
  if (header === '*') return '*';
  const versions = [...header.matchAll(ENTITY_TAG)]
    .filter(([, weak, value]) => weak === undefined && VERSION.test(value ?? ''))
    .map(([, , value]) => Number(value))
    .filter((version) => version <= INT4_MAX);
  return { versions };
}

/**
 * Whether GET's If-None-Match still matches the row at `version` (weak comparison, or `*`):
 * then the answer is 304. Not Koa's ctx.fresh, which ignores the header whenever the request
 * says Cache-Control: no-cache, and fetch() adds that to every request with If-None-Match.
 */
export function notModified(ctx: Context, version: number): boolean {
  const header = ctx.get('If-None-Match').trim();
  // Most reads send none: no tags to look for.
  if (header === '') return false;
  if (header === '*') return true;
  return [...header.matchAll(ENTITY_TAG)].some(([, , value]) => value === String(version));
}

/** A precondition that names versions, so the write's WHERE must check them. */
export const namesVersions = (precondition: Precondition): precondition is { versions: number[] } => typeof precondition === 'object';

/** If-Match named versions and the row has none of them: answered 412, nothing changed. */
export class PreconditionFailedError extends Error {
  override name = 'PreconditionFailedError';
  readonly status = 412;
}
