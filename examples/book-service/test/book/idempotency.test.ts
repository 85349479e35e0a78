import { request } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropAnswers } from '../support/dropping-proxy.js';
import { NO_CHANGE, numbered, tooFew } from '../support/factory.js';
import { post, runnable, useService, WRITE_HEADERS } from '../support/helpers.js';
import { expectText, listAll } from '../support/responses.js';
import { AUTHORIZATION } from '../support/tokens.js';

// Idempotency-Key: a create retried with its key creates one book, whatever happened to the
// answers of the earlier attempts; each retry gets the first answer back.

const PATH = '/api/books';
const keyed = (key: string) => ({ ...WRITE_HEADERS, 'Idempotency-Key': key });

const test = suite('idempotent creates');
const service = useService(test);

test('a retry with the same key and request gets the first answer again and creates nothing', async () => {
  const first = await post(service(), PATH, numbered(), keyed('key-1'));
  assert.is(first.status, 201);
  assert.is(first.headers.get('idempotent-replayed'), null);
  // The same body with its keys in another order is the same request.
  const reordered = Object.fromEntries(Object.entries(numbered()).reverse());
  const retry = await post(service(), PATH, reordered, keyed('key-1'));
  assert.is(retry.status, 201);
  assert.is(retry.headers.get('idempotent-replayed'), 'true');
  for (const header of ['location', 'etag', 'content-type']) assert.is(retry.headers.get(header), first.headers.get(header), header);
  assert.is(await retry.text(), await first.text());
  assert.is((await listAll(service())).length, 1);
});

runnable(test, tooFew(2) ?? NO_CHANGE)('the same key with another body is 422 and stores nothing; another key creates anew', async () => {
  // Another body: the next numbered one.
  const other = numbered(2);
  assert.is((await post(service(), PATH, numbered(1), keyed('key-2'))).status, 201);
  await expectText(
    await post(service(), PATH, other, keyed('key-2')),
    422,
    'Idempotency-Key key-2 was used for another request; use a new key for this one',
  );
  assert.is((await listAll(service())).length, 1);
  assert.is((await post(service(), PATH, other, keyed('key-3'))).status, 201);
  assert.is((await listAll(service())).length, 2);
});

test('a malformed key is 400 before anything is stored', async () => {
  for (const key of ['', 'with space', 'x'.repeat(256)]) {
    const response = await post(service(), PATH, numbered(), keyed(key));
    await expectText(response, 400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  assert.is((await post(service(), PATH, numbered(), keyed('~'.repeat(255)))).status, 201);
  assert.is((await listAll(service())).length, 1);
});

runnable(test, tooFew(2))('an expired key creates anew, and expired keys are purged', async () => {
  const first = (await (await post(service(), PATH, numbered(), keyed('key-4'))).json()) as { id: number };
  await post(service(), PATH, numbered(2), keyed('key-5'));
  // Deleted, so that only the stored answer could name it (and a unique value is free again).
  assert.is((await service().api(`${PATH}/${first.id}`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION } })).status, 204);
  // Two days ago, beyond the default day.
  await service()
    .db.knex('idempotency_keys')
    .update({ created_at: new Date(Date.now() - 2 * 86_400_000) });
  const again = await post(service(), PATH, numbered(), keyed('key-4'));
  assert.is(again.status, 201);
  assert.is(again.headers.get('idempotent-replayed'), null);
  assert.is.not(((await again.json()) as { id: number }).id, first.id);
  assert.equal(await service().db.knex('idempotency_keys').orderBy('key').pluck('key'), ['key-4']);
});

test('parallel requests with one key: one book, every answer names it', async () => {
  const answers = await Promise.all(Array.from({ length: 8 }, () => post(service(), PATH, numbered(), keyed('key-6'))));
  const bodies = await Promise.all(answers.map((answer) => answer.text()));
  assert.equal(
    answers.map((answer) => answer.status),
    Array(8).fill(201),
  );
  assert.is(new Set(bodies).size, 1);
  assert.is(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true').length, 7);
  assert.is((await listAll(service())).length, 1);
});

const KEYS = 30;

runnable(test, tooFew(KEYS))(
  'a retry storm through a proxy that drops answers: exactly one book per key, and each acknowledgement names it',
  async () => {
    const proxy = await dropAnswers(service().servicePort, (connection) => connection % 3 !== 0);
    try {
      const acknowledged = await Promise.all(
        Array.from({ length: KEYS }, async (_, n) => {
          const body = JSON.stringify(numbered(n + 1));
          for (let attempt = 1; attempt <= 50; attempt++) {
            const answer = await sendOnce(proxy.port, body, `storm-${n}`).catch(() => undefined);
            if (answer) return { key: n, attempt, ...answer };
          }
          throw new Error(`storm-${n} was never acknowledged`);
        }),
      );
      assert.ok(proxy.dropped() > 0, 'the proxy dropped answers');
      const rows = await listAll(service());
      assert.is(rows.length, KEYS);
      for (const { status, body } of acknowledged) {
        assert.is(status, 201);
        const answered = JSON.parse(body) as { id: number };
        assert.equal(
          rows.find((row) => row.id === answered.id),
          answered,
        );
      }
      console.log(`    ${proxy.dropped()} answers dropped, ${acknowledged.filter((a) => a.attempt > 1).length} of ${KEYS} creates retried`);
    } finally {
      await proxy.close();
    }
  },
);

/** One POST on a connection of its own; rejects when the connection ends without an answer. */
function sendOnce(port: number, body: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { Authorization: AUTHORIZATION, 'Content-Type': 'application/json', 'Idempotency-Key': key };
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: PATH, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

test.run();
