import { type Json, ref, textResponse } from './schema.js';

/**
 * The parameters, headers and answers of conditional requests and idempotent creates. The three
 * optional headers show their examples in words, never as `example`: Swagger UI would fill them in
 * and send them with "Try it out", and a stale ETag (412, or an empty 304) or a key used before
 * (a replay, or 422) would change what the reader's request does.
 */
export const CONDITIONAL_COMPONENTS: Record<string, Json> = {
  parameters: {
    IfMatch: {
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'The ETag of your last read, e.g. `"3"` (or `*` for any version): the write happens only if the item still has it, ' +
        'else 412 and nothing changes. Required (428 without) when the service runs with REQUIRE_IF_MATCH=true.',
      schema: { type: 'string' },
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag you hold, e.g. `"3"`: 304 without a body while the item still has it.',
      schema: { type: 'string' },
    },
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A key of your own, new for each create (1 to 255 visible ASCII characters, e.g. a UUID such as ' +
        '`5f0c6f0e-2b1e-4c39-9d47-4b8ef6a2a0c1`), that makes retries safe: the same request with the same key within ' +
        'IDEMPOTENCY_KEY_TTL_SECONDS (a day by default) gets the first answer again, with Idempotent-Replayed: true, ' +
        'and creates nothing. A retry that arrives while the first is still running waits for it. The same key with ' +
        'another request is a 422.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]+$' },
    },
  },
  headers: {
    ETag: {
      description: 'The version of this item, changed by every update: send it back in If-Match or If-None-Match.',
      required: true,
      schema: { type: 'string', example: '"1"' },
    },
    IdempotentReplayed: {
      description: 'Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key.',
      schema: { type: 'string', enum: ['true'] },
    },
  },
  responses: {
    NotModified: { description: 'The item still has the ETag in If-None-Match; no body.', headers: { ETag: ref('headers', 'ETag') } },
    PreconditionFailed: textResponse(
      'The item no longer has the ETag in If-Match: another request changed it. Nothing was changed; read it again.',
      'Product 7 has changed: its ETag is now "4"',
    ),
    PreconditionRequired: textResponse(
      'The service runs with REQUIRE_IF_MATCH=true and the request has no If-Match.',
      'This service requires If-Match: send the ETag of your last read (or *)',
    ),
    UnprocessableEntity: textResponse(
      'The Idempotency-Key was already used for another request (another body, path or caller). Nothing was stored.',
      'Idempotency-Key 5f0c6f0e was used for another request; use a new key for this one',
    ),
  },
};

/** `components` with the conditional ones added. */
export function mergeConditional(components: Record<string, Json>): Record<string, Json> {
  const merged = { ...components };
  for (const [kind, entries] of Object.entries(CONDITIONAL_COMPONENTS)) merged[kind] = { ...merged[kind], ...entries };
  return merged;
}
