import type { Context } from 'koa';

/** The longest subject a row records: its created_by and updated_by columns hold 255 characters. */
export const MAX_SUBJECT_LENGTH = 255;

/**
 * Who makes a write: the subject (`sub`) of the token the guard verified (it refuses a write
 * whose token has none), or null where no token is needed (AUTH_MODE=off). Never anything the
 * client sends: a body with createdBy or updatedBy is refused by the schemas.
 */
export function actorOf(ctx: Context): string | null {
  const subject = (ctx.state.user as { sub?: unknown } | undefined)?.sub;
  return typeof subject === 'string' ? subject : null;
}
