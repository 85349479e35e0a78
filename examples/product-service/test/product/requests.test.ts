import { once } from 'node:events';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { numbered } from '../support/factory.js';
import { post, put, useService, WRITE_HEADERS } from '../support/helpers.js';
import { expectText, listAll } from '../support/responses.js';
import { AUTHORIZATION } from '../support/tokens.js';

const bodies = suite('product request bodies');
const bodyService = useService(bodies);

bodies('POST without a JSON content type answers 415', async () => {
  const body = JSON.stringify(numbered());
  const contentTypes = ['text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json', undefined];
  for (const contentType of contentTypes) {
    // fetch labels a string body text/plain by itself; bytes go out with no Content-Type at all.
    const response = await bodyService().api('/api/products', {
      method: 'POST',
      headers: { Authorization: AUTHORIZATION, ...(contentType ? { 'Content-Type': contentType } : {}) },
      body: contentType ? body : new TextEncoder().encode(body),
    });
    await expectText(response, 415, 'Content-Type must be application/json');
  }
  const response = await put(bodyService(), '/api/products/1', body, { ...WRITE_HEADERS, 'Content-Type': 'text/plain' });
  assert.is(response.status, 415);
  assert.equal(await listAll(bodyService()), []);
});

/**
 * A request as `curl -X POST -H 'Content-Type: application/json'` sends it without `-d`: a JSON
 * content type and no body at all, neither Content-Length nor Transfer-Encoding (which fetch and
 * node:http always add).
 */
async function withoutBody(port: number, method: string, path: string): Promise<{ status: number; text: string }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end(
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTHORIZATION}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n`,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const [head = '', text = ''] = Buffer.concat(chunks).toString().split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), text };
}

bodies('no body at all, sent as application/json, answers 400: the type is right, the object is missing', async () => {
  for (const [method, path] of [
    ['POST', '/api/products'],
    ['PUT', '/api/products/1'],
  ] as const) {
    assert.equal(
      await withoutBody(bodyService().servicePort, method, path),
      { status: 400, text: 'Request body must be a JSON object' },
      method,
    );
  }
  assert.equal(await listAll(bodyService()), []);
});

bodies('application/json with a charset is accepted', async () => {
  const response = await post(bodyService(), '/api/products', numbered(), {
    ...WRITE_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
  });
  assert.is(response.status, 201);
});

bodies('malformed JSON, or JSON that is not an object, answers 400 in plain text and stores nothing', async () => {
  for (const body of [JSON.stringify(numbered()).replace(/}$/, ','), '[]', JSON.stringify([numbered()]), '"text"', '42', 'null']) {
    const response = await post(bodyService(), '/api/products', body);
    assert.is(response.status, 400, body);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  }
  const created = (await (await post(bodyService(), '/api/products', numbered())).json()) as { id: number };
  assert.is((await put(bodyService(), `/api/products/${created.id}`, '[]')).status, 400);
  assert.is((await listAll(bodyService())).length, 1);
});

bodies('a body over 16kb answers 413 and stores nothing', async () => {
  const response = await post(bodyService(), '/api/products', numbered(1, { padding: 'x'.repeat(17 * 1024) }));
  assert.is(response.status, 413);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  assert.equal(await listAll(bodyService()), []);
});

bodies('unknown routes answer 404 and wrong methods 405', async () => {
  assert.is((await bodyService().api('/api/unknown')).status, 404);
  assert.is((await bodyService().api('/api/products/1/extra')).status, 404);
  const patch = await bodyService().api('/api/products/1', { method: 'PATCH' });
  assert.is(patch.status, 405);
  assert.match(patch.headers.get('allow') ?? '', /PUT/);
  assert.is((await bodyService().api('/api/products', { method: 'DELETE', headers: { Authorization: AUTHORIZATION } })).status, 405);
});

bodies('X-Request-Id is echoed when sane and generated otherwise', async () => {
  const echoed = await bodyService().api('/api/products', { headers: { 'X-Request-Id': 'abc-123' } });
  assert.is(echoed.headers.get('x-request-id'), 'abc-123');
  const tooLong = await bodyService().api('/api/products', { headers: { 'X-Request-Id': 'x'.repeat(129) } });
  assert.match(tooLong.headers.get('x-request-id') ?? '', /^[\w-]{21}$/);
  const generated = await bodyService().api('/api/products');
  assert.match(generated.headers.get('x-request-id') ?? '', /^[\w-]{21}$/);
  const error = await bodyService().api('/api/products/abc', { headers: { 'X-Request-Id': 'err-1' } });
  assert.is(error.headers.get('x-request-id'), 'err-1');
});

bodies.run();
