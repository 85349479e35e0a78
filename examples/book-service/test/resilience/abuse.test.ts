import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { testConfig, useService } from '../helpers.js';
import { AUTHORIZATION } from '../tokens.js';

// Abusive clients against the server as server.ts creates it (short timeouts for the test):
// trickled headers and bodies are cut off, oversized heads get 431 and oversized bodies 413
// without being read, and memory stays bounded.

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const SLACK_MS = 1_500; // the timeouts are checked once a second

const test = suite('abusive clients');

/** The service's log lines at warn and above, parsed. */
const logLines: Record<string, unknown>[] = [];

const service = useService(test, {
  config: testConfig({ HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), LOG_LEVEL: 'warn' }),
  log: { write: (line: string) => void logLines.push(JSON.parse(line)) },
});

interface Ending {
  /** Status line of the answer, if any ('' when the socket closed without one). */
  status: string;
  elapsedMs: number;
}

/** Opens a raw connection; `feed` writes to it until the server answers or closes, whichever first. */
async function abuse(feed: (socket: Socket, stopped: () => boolean) => Promise<void>, limitMs: number): Promise<Ending> {
  const socket = connect(service().servicePort, '127.0.0.1');
  await once(socket, 'connect');
  const started = Date.now();
  let received = '';
  let done = false;
  const ended = new Promise<Ending>((resolve) => {
    const finish = () => {
      done = true;
      resolve({ status: received.split('\r\n')[0] ?? '', elapsedMs: Date.now() - started });
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
  });
  const guard = setTimeout(() => socket.destroy(), limitMs);
  void feed(socket, () => done || socket.destroyed).catch(() => undefined);
  const ending = await ended;
  clearTimeout(guard);
  socket.destroy();
  return ending;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function trickle(socket: Socket, stopped: () => boolean, text: string, everyMs: number): Promise<void> {
  for (const char of text) {
    if (stopped()) return;
    socket.write(char);
    await pause(everyMs);
  }
}

const trickleHeaders = (socket: Socket, stopped: () => boolean) =>
  trickle(socket, stopped, `GET /api/books HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`, 50);

const trickleBody = async (socket: Socket, stopped: () => boolean) => {
  socket.write(
    `POST /api/books HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTHORIZATION}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`,
  );
  await trickle(socket, stopped, `{"name":"${'a'.repeat(480)}"`, 50);
};

test('a client trickling its headers byte by byte is cut off after the headers timeout', async () => {
  const ending = await abuse(trickleHeaders, 15_000);
  console.log(`  abuse: trickled headers cut off after ${ending.elapsedMs} ms (${ending.status || 'socket closed'})`);
  assert.ok(ending.status === '' || ending.status.startsWith('HTTP/1.1 408'), ending.status);
  assert.ok(ending.elapsedMs < HEADERS_TIMEOUT_MS + SLACK_MS, `${ending.elapsedMs} ms`);
});

test('a body trickled slowly is cut off after the request timeout', async () => {
  const ending = await abuse(trickleBody, 15_000);
  console.log(`  abuse: trickled body cut off after ${ending.elapsedMs} ms (${ending.status || 'socket closed'})`);
  assert.ok(ending.status === '' || ending.status.startsWith('HTTP/1.1 408'), ending.status);
  assert.ok(ending.elapsedMs < REQUEST_TIMEOUT_MS + SLACK_MS, `${ending.elapsedMs} ms`);
});

test('a request cut off by the timeout is logged as JSON, and nothing is printed to stderr', async () => {
  const printed: unknown[][] = [];
  const linesBefore = logLines.length;
  const consoleError = console.error;
  console.error = (...args: unknown[]) => void printed.push(args);
  try {
    await abuse(trickleBody, 15_000);
    await pause(200);
  } finally {
    console.error = consoleError;
  }
  assert.equal(printed, []);
  const timedOut = logLines
    .slice(linesBefore)
    .filter((line) => (line.err as { code?: string } | undefined)?.code === 'ERR_HTTP_REQUEST_TIMEOUT');
  assert.is(timedOut.length, 1, JSON.stringify(logLines.slice(linesBefore)));
  assert.is(timedOut[0]!.level, 40);
  assert.type(timedOut[0]!.requestId, 'string');
});

const oversizedHead = async (socket: Socket) => {
  socket.write(`GET /api/books HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
};

test('headers over 16 kB answer 431', async () => {
  const ending = await abuse(oversizedHead, 5_000);
  assert.match(ending.status, /^HTTP\/1\.1 431 /);
});

/** Announces 100 MB and sends up to 1 MB of it in 16 kB pieces. */
const hugeDeclaredBody = async (socket: Socket, stopped: () => boolean) => {
  socket.write(
    `POST /api/books HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTHORIZATION}\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n`,
  );
  for (let i = 0; i < 64 && !stopped(); i++) {
    socket.write('a'.repeat(16 * 1024));
    await pause(5);
  }
};

/** A chunked body with no length: sends up to 1 MB until the server answers. */
const hugeChunkedBody = async (socket: Socket, stopped: () => boolean) => {
  socket.write(
    `POST /api/books HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTHORIZATION}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
  );
  const chunk = 'a'.repeat(16 * 1024);
  for (let i = 0; i < 64 && !stopped(); i++) {
    socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    await pause(5);
  }
};

test('a body over 16 kB answers 413 quickly, without reading it all', async () => {
  const declared = await abuse(hugeDeclaredBody, 5_000);
  assert.match(declared.status, /^HTTP\/1\.1 413 /);
  assert.ok(declared.elapsedMs < 1_000, `declared 100 MB: ${declared.elapsedMs} ms`);
  const chunked = await abuse(hugeChunkedBody, 5_000);
  assert.match(chunked.status, /^HTTP\/1\.1 413 /);
  assert.ok(chunked.elapsedMs < 1_000, `chunked: ${chunked.elapsedMs} ms`);
  console.log(`  abuse: 413 after ${declared.elapsedMs} ms (declared 100 MB) and ${chunked.elapsedMs} ms (chunked)`);
});

test('memory stays bounded under many abusive clients at once', async () => {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const rounds = Array.from({ length: 3 }, async () => {
    await Promise.all([
      ...Array.from({ length: 30 }, () => abuse(trickleHeaders, 15_000)),
      ...Array.from({ length: 30 }, () => abuse(oversizedHead, 5_000)),
      ...Array.from({ length: 20 }, () => abuse(hugeDeclaredBody, 5_000)),
      ...Array.from({ length: 20 }, () => abuse(hugeChunkedBody, 5_000)),
    ]);
  });
  await Promise.all(rounds);
  global.gc?.();
  const after = process.memoryUsage().rss;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  console.log(`  abuse: RSS ${mb(before)} MB before, ${mb(after)} MB after 300 abusive connections (growth ${mb(after - before)} MB)`);
  assert.ok(after - before < 100 * 1024 * 1024, `RSS grew by ${mb(after - before)} MB`);
  // The server still answers normally.
  const response = await service().api('/api/books');
  assert.is(response.status, 200);
});

test.run();
