import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { runs } from '../support/arbitraries.js';
import { type DrawnRequest, type KnownValues, type Operation, requestsFor, validBodies } from '../support/document-requests.js';
import { validRequestsFor } from '../support/document-valid-requests.js';
import { type Service, testConfig, useService } from '../support/helpers.js';
import { type RawResponse, send } from '../support/raw-http.js';
import { schemaProblems } from '../support/schema-check.js';

// The service as a schema-driven fuzzer meets it: every operation of its own OpenAPI document,
// every parameter and body drawn from the document's schemas and just outside them, over HTTP.
// No answer may be a 5xx, and every answer must be a status the operation documents, with the
// documented content type and, for JSON, a body that fits the documented schema.
// PROPERTY_SEED=<seed> repeats a run; PROPERTY_RUNS raises the requests per operation.

const test = suite('the OpenAPI document, fuzzed');
// A token limit above the drawn requests, so that most token requests reach the credentials check
// (the limit itself has its own tests).
const service = useService(test, { config: testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '100' }) });

const SEED = Number(process.env.PROPERTY_SEED) || Date.now() % 2 ** 31;
/** Records stored before each operation is fuzzed: more than a page, so that lists hand out cursors. */
const RECORDS = 25;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Document {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

interface Figures {
  requests: number;
  serverErrors: number;
  mismatches: number;
  /** How often each status came back: what the drawn requests reached. */
  statuses: Record<number, number>;
  /** The first few bad answers, with the request that got them. */
  examples: string[];
}

/** Why an answer is not what the document says for this operation, or undefined when it is. */
function mismatch(operation: Operation, response: RawResponse): string | undefined {
  const status = String(response.status);
  const documented = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
  if (documented === undefined) return `status ${status} is not documented (${Object.keys(operation.responses).join(', ')})`;
  const missing = Object.entries(documented.headers ?? {}).find(
    ([name, header]) => header.required && response.headers[name.toLowerCase()] === undefined,
  );
  if (missing !== undefined) return `${status} lacks the ${missing[0]} header the document requires`;
  const types = Object.keys(documented.content ?? {});
  const type = response.contentType.split(';')[0]!.trim();
  if (types.length === 0) return response.text === '' ? undefined : `${status} has a body, the document says none`;
  if (!types.includes(type)) return `${status} is ${type || 'untyped'}, the document says ${types.join(' or ')}`;
  const schema = documented.content![type]!.schema;
  if (type !== 'application/json' || schema === undefined) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return `${status} is no JSON`;
  }
  const problems = schemaProblems(schema, body);
  return problems.length === 0 ? undefined : `${status} body: ${problems.slice(0, 3).join('; ')}`;
}

/** Stores valid records through the document's create operations, and returns the ETags and list cursors the service hands out. */
async function storeRecords(s: Service, document: Document): Promise<KnownValues> {
  const etags = new Set(['*']);
  const cursors = new Set<string>();
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    // The creates: a POST that answers 201 (a token request answers 200, and counts towards its limit).
    if (item.post?.responses['201'] === undefined) continue;
    for (const body of validBodies(item.post, RECORDS, SEED)) {
      const response = await send(s.servicePort, 'POST', path, { 'content-type': 'application/json' }, JSON.stringify(body));
      if (typeof response.headers.etag === 'string') etags.add(response.headers.etag);
      const id = response.headers.location?.split('/').at(-1);
      if (id !== undefined) ids.add(id);
    }
  }
  for (const [path, item] of Object.entries(document.paths)) {
    const sort = item.get?.parameters?.find((parameter) => parameter.name === 'sort');
    if (sort === undefined) continue;
    for (const order of [undefined, ...(sort.schema.items?.enum ?? [])]) {
      const response = await send(s.servicePort, 'GET', order === undefined ? path : `${path}?sort=${order}`);
      const after = /[?&]after=([^&>]+)/.exec(String(response.headers.link ?? ''))?.[1];
      if (after !== undefined) cursors.add(decodeURIComponent(after));
    }
  }
  // A cursor with one character changed: it must be refused, not trusted.
  const tampered = [...cursors].map((cursor) => cursor.slice(0, -2) + (cursor.at(-2) === 'A' ? 'B' : 'A') + cursor.at(-1));
  // Path ids by the name the document gives them: `id` in /api/items/{id}.
  return { 'If-Match': [...etags, 'W/"1"'], 'If-None-Match': [...etags, 'W/"1"'], after: [...cursors, ...tampered], id: [...ids] };
}

/** A drawn request and what makes its answer wrong (undefined: nothing). */
interface Probe {
  request: DrawnRequest;
  check(response: RawResponse): string | undefined;
}

/** Sends the drawn requests to the service, counting 5xx and wrong answers. */
async function fuzz(s: Service, probes: fc.Arbitrary<Probe>): Promise<Figures> {
  const figures: Figures = { requests: 0, serverErrors: 0, mismatches: 0, statuses: {}, examples: [] };
  const record = (request: DrawnRequest, response: RawResponse, problem: string) => {
    if (figures.examples.length < 5)
      figures.examples.push(`${problem}: ${response.text.slice(0, 200)}\n    for ${JSON.stringify(request).slice(0, 600)}`);
  };
  await fc.assert(
    fc.asyncProperty(probes, async ({ request, check }) => {
      const response = await send(s.servicePort, request.method, request.path, request.headers, request.body);
      figures.requests++;
      figures.statuses[response.status] = (figures.statuses[response.status] ?? 0) + 1;
      if (response.status >= 500) {
        figures.serverErrors++;
        record(request, response, `${response.status}`);
      }
      const problem = check(response);
      if (problem !== undefined) {
        figures.mismatches++;
        record(request, response, problem);
      }
    }),
    { numRuns: runs(150), seed: SEED },
  );
  return figures;
}

type Draw = (method: string, path: string, operation: Operation, known: KnownValues) => fc.Arbitrary<Probe> | undefined;

/** Fuzzes every operation of the service's own document with `draw`'s requests, prints the figures, and fails on any 5xx or wrong answer. */
async function fuzzDocument(draw: Draw): Promise<void> {
  const s = service();
  const document = (await SwaggerParser.dereference((await (await s.api('/openapi.json')).json()) as never)) as unknown as Document;
  const rows: Record<string, Figures> = {};
  const started = performance.now();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      // Each operation starts from the same stored records: deletes and updates do not starve the next one.
      await s.reset();
      const probes = draw(method, path, operation, await storeRecords(s, document));
      if (probes !== undefined) rows[`${method.toUpperCase()} ${path}`] = await fuzz(s, probes);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([name, { examples, statuses, ...counts }]) => [
        name,
        {
          ...counts,
          statuses: Object.entries(statuses)
            .map(([status, count]) => `${status}:${count}`)
            .join(' '),
        },
      ]),
    ),
  );
  const total = (key: 'requests' | 'serverErrors' | 'mismatches') => Object.values(rows).reduce((sum, figures) => sum + figures[key], 0);
  console.log(
    `${Object.keys(rows).length} operations, ${total('requests')} requests in ${seconds} s (seed ${SEED}): ${total('serverErrors')} 5xx, ${total('mismatches')} off the document`,
  );
  const bad = Object.entries(rows).filter(([, figures]) => figures.serverErrors + figures.mismatches > 0);
  assert.ok(
    bad.length === 0,
    `repeat with PROPERTY_SEED=${SEED}:\n${bad.map(([name, figures]) => `${name}:\n  ${figures.examples.join('\n  ')}`).join('\n')}`,
  );
  assert.ok(Object.keys(rows).length > 0, 'the document lists no operation');
}

test('no request to any operation of the document answers 5xx, or a status or body the document does not list', () =>
  fuzzDocument((method, path, operation, known) =>
    requestsFor(method, path, operation, known).map((request) => ({ request, check: (response) => mismatch(operation, response) })),
  ));

test('every request made only of what the document allows is accepted', () =>
  fuzzDocument((method, path, operation, known) =>
    validRequestsFor(method, path, operation, known)?.map(({ request, accepted }) => ({
      request,
      check: (response) =>
        accepted.includes(response.status)
          ? mismatch(operation, response)
          : `${response.status} refuses what the document allows (${accepted.join(', ')})`,
    })),
  ));

test.run();
