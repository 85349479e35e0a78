import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { isDatabaseUnavailable, violatedUniqueConstraint } from '../../src/http/errors.js';

// What pg and Objection throw when PostgreSQL goes away under a running query (as seen when the
// server is stopped under write load); each must answer 503, never 500.

/** The shape of Objection's DBError: the driver's error kept as nativeError. */
function dbError(nativeError: Error): Error {
  return Object.assign(new Error(`insert into "books" - ${nativeError.message}`), { name: 'DBError', nativeError });
}

test('a server shutting down (57P01), as wrapped by Objection, is unavailable', () => {
  const native = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  assert.ok(isDatabaseUnavailable(dbError(native)));
});

test('a connection closed mid-query, with the SQL knex puts in front, is unavailable', () => {
  const error = new Error('insert into "books" ("name") values ($1) returning * - Connection terminated unexpectedly');
  assert.ok(isDatabaseUnavailable(error));
});

test('a refused connection is unavailable', () => {
  assert.ok(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })));
});

test('a constraint violation or a plain bug is not', () => {
  const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
  assert.not.ok(isDatabaseUnavailable(dbError(unique)));
  assert.not.ok(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')")));
});

/** What pg and PGlite both raise on a duplicate of a unique value. */
function uniqueViolation(constraint: string): Error {
  const message = `duplicate key value violates unique constraint "${constraint}"`;
  return Object.assign(new Error(message), { code: '23505', constraint, detail: 'Key (code)=(A)=(B) already exists.' });
}

test('a unique violation names its constraint, bare or as wrapped by Objection', () => {
  assert.is(violatedUniqueConstraint(uniqueViolation('books_code_unique')), 'books_code_unique');
  assert.is(violatedUniqueConstraint(dbError(uniqueViolation('books_code_unique'))), 'books_code_unique');
});

test('any other error violates no unique constraint', () => {
  const check = Object.assign(new Error('new row violates check constraint'), { code: '23514', constraint: 'books_kind_check' });
  assert.is(violatedUniqueConstraint(dbError(check)), undefined);
  assert.is(violatedUniqueConstraint(new Error('duplicate key value violates unique constraint')), undefined);
  assert.is(violatedUniqueConstraint(undefined), undefined);
});

test.run();
