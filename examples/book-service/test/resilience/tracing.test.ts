import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { numbered } from '../factory.js';
import { AUTHORIZATION } from '../tokens.js';
import { projectDir, type Started, spawnServer, useDataDir } from './process.js';

// The service as `npm start` runs it, on PostgreSQL when DATABASE_URL is set, else embedded.

interface OtlpSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
  /** 2: server, 3: client. */
  kind: number;
  attributes: { key: string; value: { stringValue?: string } }[];
}

type AccessLine = { method?: string; route?: string; status?: number; requestId?: string; traceId?: string };

/** An OTLP/HTTP collector on loopback: keeps the spans of every JSON export it receives. */
async function startCollector() {
  const spans: OtlpSpan[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    if (request.method !== 'POST' || request.url !== '/v1/traces' || request.headers['content-type'] !== 'application/json') {
      response.writeHead(404).end();
      return;
    }
    const { resourceSpans } = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
    spans.push(...resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => server.close() };
}

function attribute(span: OtlpSpan, key: string): string | undefined {
  return span.attributes.find((entry) => entry.key === key)?.value.stringValue;
}

/** Creates a book, reads it back by id, stops the process with SIGTERM; returns the id. */
async function createAndRead(server: Started): Promise<number> {
  const created = await fetch(`http://127.0.0.1:${server.servicePort}/api/books`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: AUTHORIZATION },
    body: JSON.stringify(numbered()),
  });
  assert.is(created.status, 201);
  const { id } = (await created.json()) as { id: number };
  assert.is((await fetch(`http://127.0.0.1:${server.servicePort}/api/books/${id}`)).status, 200);
  server.child.kill('SIGTERM');
  assert.is((await server.exit).code, 0);
  return id;
}

const test = suite('tracing');
const dataDir = useDataDir(test);
const database = { DATABASE_URL: process.env.DATABASE_URL ?? '' };

test('with OTEL_EXPORTER_OTLP_ENDPOINT: each request is one trace with its route and SQL spans, its id in the log line', async () => {
  const collector = await startCollector();
  try {
    const spawned = spawnServer(dataDir(), { ...database, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
    // The spans still buffered are sent during the graceful stop.
    const id = await createAndRead(await spawned.started);
    const lines = spawned.logs as AccessLine[];

    const post = lines.find((line) => line.method === 'POST' && line.route === '/api/books');
    assert.match(post?.traceId ?? '', /^[0-9a-f]{32}$/, 'the access line carries the trace id');
    const trace = collector.spans.filter((span) => span.traceId === post!.traceId);
    const server = trace.filter((span) => span.kind === 2);
    assert.equal(
      server.map((span) => [span.name, span.parentSpanId || undefined]),
      [['POST /api/books', undefined]],
      'one server span, the root',
    );
    assert.ok(
      trace.some((span) => attribute(span, 'http.route') === '/api/books' && span.name.startsWith('router')),
      'a route span',
    );
    const sql = trace.filter((span) => span.kind === 3).map((span) => attribute(span, 'db.query.text'));
    assert.ok(
      sql.some((text) => text?.startsWith('insert into "books"')),
      `an INSERT span among ${sql.join('; ')}`,
    );

    const get = lines.find((line) => line.method === 'GET' && line.route === '/api/books/:id');
    const read = collector.spans.find((span) => span.traceId === get?.traceId && span.kind === 2);
    assert.is(read?.name, 'GET /api/books/:id');
    assert.is(attribute(read!, 'http.route'), '/api/books/:id');
    assert.not.match(read!.name, String(id));
  } finally {
    collector.close();
  }
});

test('without it: no trace id; `npm run dev` prints each request on one line', async () => {
  const spawned = spawnServer(dataDir(), database);
  await createAndRead(await spawned.started);
  const output = (await spawned.exit).output;
  const lines = (spawned.logs as AccessLine[]).filter((line) => line.requestId);
  assert.is(lines.length, 2);
  assert.ok(lines.every((line) => !('traceId' in line)));

  // The dev script's pretty-printer, fed the process's real log.
  const { scripts } = JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8')) as { scripts: { dev: string } };
  const bin = createRequire(import.meta.url).resolve('pino-pretty/bin.js');
  const prettyPrinter = scripts.dev.split(' | ')[1]!.replace(/^pino-pretty/, `"${process.execPath}" "${bin}"`);
  const pretty = await new Promise<string>((resolve, reject) => {
    const child = execFile(prettyPrinter, { cwd: projectDir, shell: true }, (error, stdout) =>
      error ? reject(error) : resolve(stripVTControlCharacters(stdout)),
    );
    child.stdin!.end(output);
  });
  for (const line of lines) {
    const printed = pretty.split('\n').filter((row) => row.includes(line.requestId!));
    assert.is(printed.length, 1, pretty);
    assert.match(printed[0]!, new RegExp(`INFO: ${line.method} ${line.route} ${line.status} [\\d.]+ ms ${line.requestId}$`));
  }
});

test.run();
