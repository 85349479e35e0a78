import { actorOf } from '../auth/actor.js';
import { etag, ifMatch } from '../http/conditional.js';
import { answer, fingerprint, idempotencyKey, once, type StoredAnswer } from '../http/idempotency.js';
import { parseId } from '../http/ids.js';
import type { Operation, WriteRules } from '../http/operations.js';
import { ID_BAD_REQUEST } from '../openapi/responses.js';
import { errors, ref } from '../openapi/schema.js';
import { BookModel } from './book.model.js';
import { bookBody, bookJson, etagHeader, idParameter } from './book.openapi.js';
import { restoreBook } from './book.repository.js';

/**
 * POST /{id}/restore: brings a deleted book back (Google AIP-164's undelete). Like every write
 * it records who made it, takes If-Match and, being a POST, an Idempotency-Key.
 */
export function restoreBookOperation(rules: WriteRules): Operation {
  return {
    method: 'post',
    access: 'write',
    path: '/:id/restore',
    doc: {
      operationId: 'restoreBook',
      summary: 'Restore one deleted book',
      description:
        'Brings back a deleted book until it is purged (DELETED_RETENTION_DAYS after its delete; then 404). ' +
        'A book that is not deleted is a 409, and so is one whose unique value another book took meanwhile. ' +
        'With If-Match, only if it still has that ETag (else 412); with an Idempotency-Key, a retry gets the first answer back.',
      parameters: [...idParameter, ref('parameters', 'IfMatch'), ref('parameters', 'IdempotencyKey')],
      responses: {
        200: {
          description: 'The restored book.',
          headers: { ...etagHeader, 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') },
          content: bookBody,
        },
        400: ID_BAD_REQUEST,
        412: ref('responses', 'PreconditionFailed'),
        422: ref('responses', 'UnprocessableEntity'),
        428: ref('responses', 'PreconditionRequired'),
        ...errors('NotFound', 'Conflict', 'InternalServerError', 'ServiceUnavailable'),
      },
    },
    handlers: [
      async (ctx) => {
        const id = parseId(ctx);
        const key = idempotencyKey(ctx);
        const precondition = ifMatch(ctx, rules.requireIfMatch);
        const actor = actorOf(ctx);
        const restore = async (trx?: Parameters<typeof restoreBook>[3]): Promise<StoredAnswer> => {
          const record = (await restoreBook(id, actor, precondition, trx)) ?? ctx.throw(404, `Book ${id} not found`);
          return { status: 200, etag: etag(record.version), body: bookJson(record) };
        };
        if (key === undefined) return answer(ctx, await restore());
        const request = { key, fingerprint: fingerprint(ctx), ttlSeconds: rules.idempotencyKeyTtlSeconds };
        const { answer: stored, replayed } = await once(BookModel.knex(), request, restore);
        if (replayed) ctx.set('Idempotent-Replayed', 'true');
        answer(ctx, stored);
      },
    ],
  };
}
