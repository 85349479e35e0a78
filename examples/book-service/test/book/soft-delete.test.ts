import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { SCOPES } from '../../src/auth/tokens.js';
import { change, numbered, tooFew, UNIQUE_FIELDS } from '../support/factory.js';
import { create, JSON_HEADERS, post, put, runnable, type Service, testConfig, useService } from '../support/helpers.js';
import { expectText, listAll } from '../support/responses.js';
import { AUTHORIZATION, signToken } from '../support/tokens.js';

// Soft delete as Google AIP-164 states it: a delete hides the book from reads and lists and
// frees its unique values; a deleted book is immutable and can be restored until it is purged;
// restoring a live one is a conflict, deleting a deleted one is not found.

const PATH = '/api/books';
const remove = (s: Service, id: number, headers: Record<string, string> = {}) =>
  s.api(`${PATH}/${id}`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION, ...headers } });
const restore = (s: Service, id: number, headers: Record<string, string> = {}) =>
  s.api(`${PATH}/${id}/restore`, { method: 'POST', headers: { Authorization: AUTHORIZATION, ...headers } });
/** A token for `subject` with these scopes. */
const token = (subject: string, scopes: string[]) => ({ Authorization: `Bearer ${signToken({ scope: scopes.join(' ') }, { subject })}` });
const listed = async (s: Service, query: string, headers: Record<string, string> = {}) =>
  (await (await s.api(`${PATH}?${query}`, { headers })).json()) as { id: number; deletedAt: string | null; deletedBy: string | null }[];
/** No unique field: nothing to free or to take. */
const NO_UNIQUE = UNIQUE_FIELDS.length === 0 ? 'no field is unique' : undefined;

const test = suite('soft delete');
const service = useService(test);

test('a deleted book is gone from reads, lists and counts, and is immutable: GET, PUT and DELETE answer 404', async () => {
  const { answer } = await create(service());
  assert.is((await remove(service(), answer.id)).status, 204);
  await expectText(await service().api(`${PATH}/${answer.id}`), 404, `Book ${answer.id} not found`);
  await expectText(await put(service(), `${PATH}/${answer.id}`, change()), 404, `Book ${answer.id} not found`);
  await expectText(await remove(service(), answer.id), 404, `Book ${answer.id} not found`);
  assert.equal(await listAll(service()), []);
  assert.is((await service().api(`${PATH}?count=exact`)).headers.get('x-total-count'), '0');
});

test('restore brings it back as it was, 200 with a new ETag, restored by its own author; its delete is recorded meanwhile', async () => {
  const { answer } = await create(service());
  assert.is((await remove(service(), answer.id, token('carol', [SCOPES.write]))).status, 204);
  const stored = await service().db.knex('books').where({ id: answer.id }).first('deleted_by', 'version');
  assert.equal(stored, { deleted_by: 'carol', version: 2 });
  const restored = await restore(service(), answer.id, token('dave', [SCOPES.write]));
  assert.is(restored.status, 200, await restored.clone().text());
  assert.is(restored.headers.get('etag'), '"3"');
  const body = (await restored.json()) as Record<string, unknown>;
  assert.equal(
    { ...body, updatedAt: undefined },
    { ...answer, version: 3, updatedBy: 'dave', deletedAt: null, deletedBy: null, updatedAt: undefined },
  );
  assert.equal(await (await service().api(`${PATH}/${answer.id}`)).json(), body);
});

test('restoring a live book is a 409; an unknown or purged one a 404', async () => {
  const { answer } = await create(service());
  await expectText(await restore(service(), answer.id), 409, `Book ${answer.id} is not deleted`);
  await expectText(await restore(service(), 999_999), 404, 'Book 999999 not found');
  await remove(service(), answer.id);
  await service().db.knex('books').where({ id: answer.id }).delete();
  await expectText(await restore(service(), answer.id), 404, `Book ${answer.id} not found`);
});

runnable(test, NO_UNIQUE)(
  'a deleted book frees its unique values at once; restoring it while another holds one is a 409 naming the field',
  async () => {
    const { answer } = await create(service(), numbered(1));
    assert.is((await remove(service(), answer.id)).status, 204);
    const again = await post(service(), PATH, numbered(1));
    assert.is(again.status, 201, `the same unique values are free: ${await again.clone().text()}`);
    const response = await restore(service(), answer.id);
    assert.is(response.status, 409);
    assert.match(await response.text(), new RegExp(`^a book with this (${UNIQUE_FIELDS.join('|')}) already exists$`, 'i'));
    assert.equal((await listAll(service())).length, 1, 'nothing changed');
  },
);

test('If-Match makes a restore happen only for that version (412 otherwise); an Idempotency-Key replays its answer', async () => {
  const { answer } = await create(service());
  await remove(service(), answer.id);
  await expectText(await restore(service(), answer.id, { 'If-Match': '"1"' }), 412, `Book ${answer.id} has changed: its ETag is now "2"`);
  const first = await restore(service(), answer.id, { 'If-Match': '"2"', 'Idempotency-Key': 'restore-1' });
  assert.is(first.status, 200, await first.clone().text());
  const retry = await restore(service(), answer.id, { 'If-Match': '"2"', 'Idempotency-Key': 'restore-1' });
  assert.is(retry.status, 200);
  assert.is(retry.headers.get('idempotent-replayed'), 'true');
  assert.is(await retry.text(), await first.text());
  assert.is(retry.headers.get('location'), null, 'a restore names no new place');
});

test('deleted=only|include needs the admin scope: 401 without a token, 403 without the scope', async () => {
  await expectText(
    await service().api(`${PATH}?deleted=only`, { headers: { Authorization: '' } }),
    401,
    'Authentication required: send Authorization: Bearer <token>',
  );
  const noAdmin = token('alice', [SCOPES.read, SCOPES.write]);
  await expectText(await service().api(`${PATH}?deleted=include`, { headers: noAdmin }), 403, `Token lacks the ${SCOPES.admin} scope`);
});

runnable(test, tooFew(2))(
  'an admin lists the deleted books alone or with the live ones, each with when and by whom it was deleted',
  async () => {
    const { answer: kept } = await create(service(), numbered(1));
    const { answer: gone } = await create(service(), numbered(2));
    await remove(service(), gone.id, token('carol', [SCOPES.write]));
    const admin = token('root', [SCOPES.read, SCOPES.admin]);
    const only = await listed(service(), 'deleted=only', admin);
    assert.equal(
      only.map((row) => [row.id, row.deletedBy]),
      [[gone.id, 'carol']],
    );
    assert.ok(Date.parse(only[0]!.deletedAt ?? '') > 0);
    const both = await listed(service(), 'deleted=include', admin);
    assert.equal(
      both.map((row) => [row.id, row.deletedBy]),
      [
        [kept.id, null],
        [gone.id, 'carol'],
      ],
    );
    // A cursor continues only the list it was made for.
    const page = await service().api(`${PATH}?deleted=include&pageSize=1`, { headers: admin });
    const next = /<([^>]+)>/.exec(page.headers.get('link') ?? '')?.[1] ?? '';
    const cursor = new URL(next, 'http://localhost').searchParams.get('after') ?? '';
    await expectText(
      await service().api(`${PATH}?pageSize=1&after=${cursor}`),
      400,
      '"after" was made for other filters: start again from the first page',
    );
  },
);

// ---

const off = suite('soft delete, AUTH_MODE=off');
const open = useService(off, { config: testConfig({ AUTH_MODE: 'off' }) });

off('without authentication anyone lists deleted books; deletedBy is null', async () => {
  const { id } = (await (await post(open(), PATH, numbered(), JSON_HEADERS)).json()) as { id: number };
  assert.is((await open().api(`${PATH}/${id}`, { method: 'DELETE' })).status, 204);
  const only = await listed(open(), 'deleted=only');
  assert.equal(
    only.map((row) => [row.id, row.deletedBy]),
    [[id, null]],
  );
  assert.is((await open().api(`${PATH}/${id}/restore`, { method: 'POST' })).status, 200);
});

test.run();
off.run();
