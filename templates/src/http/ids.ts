import type { RouterContext } from '@koa/router';

/** PostgreSQL's integer (int4), the type of every id and version: none is larger. */
export const INT4_MAX = 2_147_483_647;

// Digits only, no leading zero: Number() would also accept "1e3", "+7" or " 7".
const DIGITS = /^[1-9][0-9]{0,9}$/;

/** The :id parameter as an integer from 1 to INT4_MAX; anything else is a 400 before any query. */
export function parseId(ctx: RouterContext): number {
  const raw = ctx.params.id ?? '';
  const id = Number(raw);
  if (!DIGITS.test(raw) || id > INT4_MAX) ctx.throw(400, 'id must be a positive integer');
  return id;
}
