/**
 * The OpenAPI document as the tools clients use read it (issue 18): Prism as a validating proxy in
 * front of the reference example and of a freshly generated multi-word service, and Redocly's
 * recommended lint rules on their documents. Needs PostgreSQL (DATABASE_URL, as bash .ci/run sets).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { generatedProjects } from '../support/generated-projects.js';
import { dropCreatedDatabases, example as exampleDir, freshDatabase, tempDir } from '../support/helpers.js';
import { requestCases, type RequestCase, type ServiceNames } from '../support/openapi-cases.js';
import {
  describeProblems,
  describeViolations,
  lintDocuments,
  readPrismAnswer,
  SERVICE_PASSWORD,
  SERVICE_USERNAME,
  startPrism,
  startService,
  type Prism,
  type RunningService,
} from '../support/openapi-tools.js';

type OpenApi = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> } & Record<string, unknown>;

interface Target extends ServiceNames {
  label: string;
  dir: string;
  databaseUrl?: string;
  service?: RunningService;
  prism?: Prism;
  document?: OpenApi;
  tokens: { full?: string; read?: string };
  itemId?: number;
}

const serverUrl = process.env.DATABASE_URL;
const work = tempDir('openapi-tools-');
const account = { username: SERVICE_USERNAME, password: SERVICE_PASSWORD };
const example: Target = { label: 'the example', dir: exampleDir, collection: '/api/products', readScope: 'products:read', tokens: {} };
// The multi-word service this test process generated ("warehouse bin").
const fresh = generatedProjects.find((project) => project.dir !== exampleDir)!;
const generated: Target = {
  label: fresh.names.label,
  dir: fresh.dir,
  collection: `/api/${fresh.names.routeSegment}`,
  readScope: `${fresh.names.routeSegment}:read`,
  tokens: {},
};
/** Every document linted: the example in each AUTH_MODE and the generated service (file name -> document). */
const documents = new Map<string, OpenApi>();
const startedServices: RunningService[] = [];
let setupError: unknown;

async function fetchDocument(service: RunningService): Promise<OpenApi> {
  return (await (await fetch(`${service.api}/openapi.json`)).json()) as OpenApi;
}

/** Starts the service and Prism in front of it; `meanwhile` runs once the service is ready, while Prism starts. */
async function start(target: Target, serverUrl: string, meanwhile: () => Promise<void> = async () => {}): Promise<void> {
  target.databaseUrl = await freshDatabase(serverUrl, 'openapi_tools');
  target.service = await startService(target.dir, target.databaseUrl, 'writes');
  startedServices.push(target.service);
  target.document = await fetchDocument(target.service);
  const file = join(work, `${target.label.replace(/ /g, '-')}-writes.json`);
  writeFileSync(file, JSON.stringify(target.document, null, 2));
  documents.set(file, target.document);
  await allSettled([
    startPrism(file, target.service.api).then((prism) => (target.prism = prism)),
    meanwhile(),
    (async () => {
      target.tokens.full = await token(target, {});
      target.tokens.read = await token(target, { scope: target.readScope });
      target.itemId = await createItem(target);
    })(),
  ]);
}

/**
 * Like Promise.all, but waits for every promise before rejecting with the first failure, so that
 * no process is still starting when the suite's `after` stops what was started.
 */
async function allSettled(promises: Promise<unknown>[]): Promise<unknown[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value);
}

/** The example's documents in the other AUTH_MODEs, from instances started on its migrated database. */
async function otherModes(): Promise<void> {
  await allSettled(
    (['all', 'off'] as const).map(async (mode) => {
      // Not migrating: two instances migrating at once would race for knex's migration lock.
      const service = await startService(example.dir, example.databaseUrl!, mode, { MIGRATE_ON_START: 'false' });
      startedServices.push(service);
      const file = join(work, `the-example-${mode}.json`);
      const document = await fetchDocument(service);
      writeFileSync(file, JSON.stringify(document, null, 2));
      documents.set(file, document);
      await service.stop();
    }),
  );
}

async function token(target: Target, extra: Record<string, string>): Promise<string> {
  const response = await fetch(`${target.service!.api}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, ...extra }),
  });
  assert.is(response.status, 200, 'the service issues a token');
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function createItem(target: Target): Promise<number> {
  const response = await fetch(`${target.service!.api}${target.collection}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.tokens.full}` },
    body: JSON.stringify({ name: 'Widget', description: 'A small widget', price: 19.99, quantity: 3 }),
  });
  assert.is(response.status, 201, 'the service creates an item');
  return ((await response.json()) as { id: number }).id;
}

async function send(base: string, c: RequestCase, target: Target): Promise<Response> {
  let path = c.path.replace('{item}', String(target.itemId));
  if (path.includes('{fresh}')) path = path.replace('{fresh}', String(await createItem(target)));
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (c.body !== undefined) [headers['content-type'], body] = ['application/json', JSON.stringify(c.body)];
  if (c.raw) [headers['content-type'], body] = [c.raw.contentType, c.raw.text];
  if (c.token) headers.authorization = `Bearer ${c.token === 'bad' ? 'not-a-token' : target.tokens[c.token]}`;
  return fetch(`${base}${path}`, { method: c.method, headers, body, signal: AbortSignal.timeout(10_000) });
}

/** Names of the headers the document declares required for this operation's answer (Prism checks none). */
function declaredHeaders(document: OpenApi, method: string, path: string, status: number): string[] {
  const pathname = path.split('?')[0]!;
  const template = Object.keys(document.paths).find((candidate) => new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname));
  let response = template ? document.paths[template]?.[method.toLowerCase()]?.responses?.[status] : undefined;
  const ref = (response as { $ref?: string } | undefined)?.$ref;
  if (ref) response = ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  const headers = (response as { headers?: Record<string, { required?: boolean; $ref?: string }> } | undefined)?.headers ?? {};
  const resolve = (header: { required?: boolean; $ref?: string }) =>
    (header.$ref ? header.$ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) : header) as { required?: boolean };
  return Object.keys(headers).filter((name) => resolve(headers[name]!).required === true);
}

/** Sends `c` to the service and through Prism; returns what is wrong, if anything. */
async function check(target: Target, c: RequestCase): Promise<string[]> {
  const problems: string[] = [];
  const direct = await send(target.service!.api, c, target);
  await direct.arrayBuffer();
  if (direct.status !== c.status) problems.push(`the service answered ${direct.status}, expected ${c.status}`);
  if (c.directOnly) return problems;
  const answer = await readPrismAnswer(await send(target.prism!.url, c, target));
  const violations = describeViolations(answer.violations);
  if (c.prismRefuses) {
    if (answer.kind !== 'refused' || answer.status !== c.prismRefuses) {
      problems.push(`Prism should refuse it with ${c.prismRefuses}, got ${answer.kind} ${answer.status} ${violations}`);
    }
  } else if (answer.kind === 'refused') {
    problems.push(`Prism refused it (${answer.status}) while the service answers ${direct.status}: ${violations}`);
  } else if (answer.kind !== 'forwarded') {
    problems.push(`Prism reports the response (${answer.status} ${answer.type}): ${violations || answer.detail}`);
  } else {
    if (answer.status !== direct.status) problems.push(`through Prism the service answered ${answer.status}, directly ${direct.status}`);
    if (violations) problems.push(`Prism reports: ${violations}`);
    const path = c.path.replace('{item}', String(target.itemId));
    const absent = declaredHeaders(target.document!, c.method, path, answer.status).filter((name) => !answer.headers.has(name));
    if (absent.length > 0) problems.push(`documented headers missing from the ${answer.status} answer: ${absent.join(', ')}`);
  }
  return problems;
}

function ready(target: Target): Target {
  if (setupError) throw setupError;
  if (!target.prism) throw new Error('setup did not finish');
  return target;
}

// ---

const tools = suite('the OpenAPI documents, as Prism and Redocly read them');

tools.before(async () => {
  try {
    assert.ok(serverUrl, 'this suite needs PostgreSQL: set DATABASE_URL (bash .ci/run does)');
    await allSettled([start(example, serverUrl, otherModes), start(generated, serverUrl)]);
  } catch (error) {
    // uvu reports a throwing hook as (0 / N) and exits 0; make every test fail instead.
    setupError = error;
  }
});

tools.after(async () => {
  await Promise.all([example.prism, generated.prism, ...startedServices].map((server) => server?.stop()));
  await dropCreatedDatabases();
});

for (const target of [example, generated]) {
  tools(`Prism in front of ${target.label} passes every request the service accepts and finds no response off the document`, async () => {
    const running = ready(target);
    const failures: string[] = [];
    for (const c of requestCases(running, account)) {
      for (const problem of await check(running, c)) failures.push(`${c.method} ${c.path} (${c.name}): ${problem}`);
    }
    assert.ok(failures.length === 0, `\n${failures.join('\n')}`);
  });
}

tools('redocly lint (recommended rules) finds no error and no warning in the example in each AUTH_MODE nor in warehouse bin', async () => {
  ready(example);
  ready(generated);
  assert.is(documents.size, 4, [...documents.keys()].join(', '));
  const report = await lintDocuments([...documents.keys()]);
  assert.ok(report.totals.errors + report.totals.warnings === 0, `\n${describeProblems(report).join('\n')}`);
});

tools.run();
