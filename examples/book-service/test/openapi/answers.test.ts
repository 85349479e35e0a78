import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { bookJson, bookListJson } from '../../src/book/book.openapi.js';
import { bookSchema } from '../../src/book/book.schema.js';
import { jsonSchemaOf } from '../../src/openapi/schema.js';
import { create, useService } from '../support/helpers.js';

// The answers are written by serializers compiled from the document's Book schema
// (src/openapi/serializer.ts), not by JSON.stringify over the model.

const test = suite('answers written from the document');
const running = useService(test);

/** The document's properties of a book, in its order. */
const PROPERTIES = Object.keys(jsonSchemaOf(bookSchema).properties as object);

test('a get, a list and a create answer with the properties of the document, in its order, as JSON.stringify would write them', async () => {
  const { answer } = await create(running());
  const texts = [await (await running().api(`/api/books/${answer.id}`)).text(), await (await running().api('/api/books')).text()];
  for (const text of texts) {
    const body = JSON.parse(text) as unknown;
    // The same bytes as before the serializers: no other escapes, number forms or spacing.
    assert.is(text, JSON.stringify(body));
    for (const item of Array.isArray(body) ? body : [body]) assert.equal(Object.keys(item), PROPERTIES);
  }
  assert.equal(Object.keys(answer), PROPERTIES);
});

test('a property the document does not list never reaches a client', async () => {
  const { answer } = await create(running());
  // As a column added to the model (or one the model reads) but not to the schema would be.
  const withSecret = { ...answer, internalNote: 'not for clients' };
  assert.equal(JSON.parse(bookJson(withSecret as never)), answer);
  assert.equal(JSON.parse(bookListJson([withSecret] as never)), [answer]);
});

test('a record missing a property the document requires is an error, not a partial answer', () => {
  assert.throws(() => bookJson({ id: 1 } as never), /required/);
});

test.run();
