import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { change, numbered, tooFew } from '../support/factory.js';
import { create, JSON_HEADERS, post, put, runnable, testConfig, useService } from '../support/helpers.js';
import { expectText } from '../support/responses.js';
import { signToken } from '../support/tokens.js';

// Who created a book and who changed it last: the subject of the token that made the write,
// set by the service on every write path and never taken from the client (as Hasura's column
// presets do it).

const PATH = '/api/books';
/** Headers of a client whose token names `subject`. */
const as = (subject: string) => ({ ...JSON_HEADERS, Authorization: `Bearer ${signToken({}, { subject })}` });

/** The access lines the service writes, as parsed JSON. */
const lines: Record<string, unknown>[] = [];
const log = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

const test = suite('who wrote it');
const service = useService(test, { config: testConfig({ LOG_LEVEL: 'info' }), log });

test("a create records the token's subject as createdBy and updatedBy; an update by another as updatedBy only", async () => {
  const created = await post(service(), PATH, numbered(), as('alice'));
  assert.is(created.status, 201, await created.clone().text());
  const { id, createdBy, updatedBy } = (await created.json()) as { id: number; createdBy: unknown; updatedBy: unknown };
  assert.equal([createdBy, updatedBy], ['alice', 'alice']);
  const updated = await put(service(), `${PATH}/${id}`, change(), as('bob'));
  assert.is(updated.status, 200, await updated.clone().text());
  assert.equal(
    await service()
      .api(`${PATH}/${id}`)
      .then((r) => r.json()),
    await updated.json(),
  );
  const stored = await service().db.knex('books').where({ id }).first('created_by', 'updated_by');
  assert.equal(stored, { created_by: 'alice', updated_by: 'bob' });
});

test('a client cannot name the author: createdBy or updatedBy in a body is a 400, and nothing is stored', async () => {
  await expectText(await post(service(), PATH, { ...numbered(), createdBy: 'mallory' }, as('alice')), 400, '"createdBy" is not allowed');
  const { answer } = await create(service());
  await expectText(
    await put(service(), `${PATH}/${answer.id}`, { ...change(), updatedBy: 'mallory' }, as('alice')),
    400,
    '"updatedBy" is not allowed',
  );
  const rows = await service().db.knex('books').select('created_by', 'updated_by');
  assert.equal(rows, [{ created_by: answer.createdBy, updated_by: answer.updatedBy }]);
});

test('a token without a subject cannot write: 403, nothing stored', async () => {
  const noSubject = { ...JSON_HEADERS, Authorization: `Bearer ${signToken({}, { subject: undefined })}` };
  await expectText(
    await post(service(), PATH, numbered(), noSubject),
    403,
    'Token has no subject (a sub claim of 1 to 255 characters): writes record who made them',
  );
  const tooLong = { ...JSON_HEADERS, Authorization: `Bearer ${signToken({}, { subject: 'x'.repeat(256) })}` };
  assert.is((await post(service(), PATH, numbered(), tooLong)).status, 403);
  assert.is((await post(service(), PATH, numbered(), as('é'.repeat(255)))).status, 201, 'a subject of 255 characters fits');
});

runnable(test, tooFew(5))("the list filters by createdBy and updatedBy: one author's books, in id order", async () => {
  const authors = ['alice', 'bob', 'alice', 'carol', 'alice'];
  const ids: number[] = [];
  for (const [n, author] of authors.entries())
    ids.push(((await (await post(service(), PATH, numbered(n + 1), as(author))).json()) as { id: number }).id);
  await put(service(), `${PATH}/${ids[0]}`, change(), as('bob'));
  const listed = async (query: string) =>
    ((await (await service().api(`${PATH}?${query}`)).json()) as { id: number }[]).map((row) => row.id);
  assert.equal(await listed('createdBy=alice'), [ids[0], ids[2], ids[4]]);
  assert.equal(await listed('updatedBy=bob'), [ids[0], ids[1]]);
  assert.equal(await listed('createdBy[in]=bob,carol&sort=createdBy'), [ids[1], ids[3]]);
});

test('the access line of a write names its subject', async () => {
  lines.length = 0;
  await post(service(), PATH, numbered(), as('alice'));
  const line = lines.find((entry) => entry.method === 'POST' && entry.route === PATH);
  assert.is(line?.subject, 'alice', JSON.stringify(lines));
});

// ---

const off = suite('who wrote it, AUTH_MODE=off');
const open = useService(off, { config: testConfig({ AUTH_MODE: 'off' }) });

off('without authentication, createdBy and updatedBy are null, whatever token a client sends', async () => {
  const created = (await (await post(open(), PATH, numbered(), as('alice'))).json()) as { createdBy: unknown; updatedBy: unknown };
  assert.equal([created.createdBy, created.updatedBy], [null, null]);
});

test.run();
off.run();
