import { join } from 'node:path';

import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { AUTH_ENV, AUTHORIZATION } from '../../examples/product-service/test/support/tokens.js';
import { example as SERVICE_DIR, linkRootModules } from '../support/helpers.js';
import { createPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.js';
import { spawnServer, until, type ServerProcess } from '../support/servers.js';

// The example's own test credentials and a token signed with them: the writers need one.
const WRITE_HEADERS = { 'Content-Type': 'application/json', Authorization: AUTHORIZATION };

// The reference example (SERVICE_DIR), run against a PostgreSQL server of the test's own that it can stop.
const API = '/api/products';
const BODY = { name: 'Widget', description: 'Survives the outage', price: 19.99, quantity: 3 };

/** The service's own limit for getting a database connection (DB_CONNECT_TIMEOUT_MS). */
const CONNECT_TIMEOUT_MS = 3_000;

interface Service {
  server: ServerProcess;
  managementPort?: number;
  servicePort?: number;
}

function startService(databaseUrl: string): Service {
  linkRootModules(SERVICE_DIR);
  const ports: Omit<Service, 'server'> = {};
  const server = spawnServer(process.execPath, ['--import', 'tsx/esm', 'src/server.ts'], {
    cwd: SERVICE_DIR,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      MANAGEMENT_PORT: '0',
      LOG_LEVEL: 'info',
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      ...AUTH_ENV,
    },
    // The service logs the ports it listens on (PORT=0 lets the system choose them).
    onLine: (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === 'management listening') ports.managementPort = entry.port;
        if (entry.msg === 'service listening') ports.servicePort = entry.port;
      } catch {
        // Not JSON: kept in the lines for the failure message.
      }
    },
  });
  return Object.assign(ports, { server });
}

/** fetch that never hangs a test: every request is aborted after 8 s. */
function get(port: number | undefined, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(8_000), ...init });
}

async function status(port: number | undefined, path: string): Promise<number> {
  const response = await get(port, path);
  await response.arrayBuffer();
  return response.status;
}

/**
 * Clients that keep creating rows through an outage and the recovery. Every 201 is an acknowledged
 * write that must be found afterwards; a 503 is the expected refusal; anything else is a failure.
 */
class Writers {
  readonly acknowledged = new Set<number>();
  readonly refused = { count: 0 };
  readonly failures: string[] = [];
  private running = true;
  private readonly done: Promise<void[]>;

  constructor(port: number | undefined, clients: number, limitMs: number) {
    const deadline = performance.now() + limitMs;
    this.done = Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let n = 0; this.running && performance.now() < deadline; n++) {
          try {
            const response = await get(port, API, {
              method: 'POST',
              headers: WRITE_HEADERS,
              body: JSON.stringify({ ...BODY, name: `writer ${client} #${n}` }),
            });
            if (response.status === 201) this.acknowledged.add(((await response.json()) as { id: number }).id);
            else if (response.status === 503) this.refused.count += 1;
            else this.failures.push(`${response.status} ${await response.text()}`);
          } catch (error) {
            this.failures.push(String(error));
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
  }
}

/** Every id stored in the table, read page by page. */
async function storedIds(port: number | undefined): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; page <= 1_000; page++) {
    const rows = (await (await get(port, `${API}?page=${page}&pageSize=100`)).json()) as { id: number }[];
    for (const row of rows) ids.add(row.id);
    if (rows.length < 100) break;
  }
  return ids;
}

const test = suite('database starts late, fails and comes back');

let cluster: PrivatePostgres | undefined;
let service: Service | undefined;
let setupError: unknown;
let createdId: number | undefined;
let writers: Writers | undefined;

// uvu exits 0 when a hook throws: keep the error and fail every test with it instead.
test.before(async () => {
  try {
    cluster = await createPrivatePostgres();
    service = startService(cluster.url);
    await until('management port listening', 15_000, () => service!.managementPort !== undefined, { server: service.server });
  } catch (error) {
    setupError = error;
  }
});

test.after(async () => {
  await writers?.stop();
  await service?.server.stop('SIGTERM', 15_000);
  await cluster?.destroy();
});

function ready(): { service: Service; cluster: PrivatePostgres } {
  if (setupError || !service || !cluster) throw setupError ?? new Error('setup did not finish');
  return { service, cluster };
}

test('with PostgreSQL down the process stays up and answers /health/ready 503 with the reason', async () => {
  const { service, cluster } = ready();
  assert.is(await cluster.isRunning(), false);
  const first = await get(service.managementPort, '/health/ready');
  assert.is(first.status, 503);
  assert.equal(await first.json(), { status: 'starting', reason: 'database unavailable' });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  assert.ok(service.server.alive(), `the process exited:\n${service.server.lines.join('\n')}`);
  assert.is(await status(service.managementPort, '/health/ready'), 503);
});

test('once PostgreSQL starts the service is ready within 10 s and creates an order line', async () => {
  const { service, cluster } = ready();
  await cluster.start();
  const elapsed = await until('ready after the database started', 10_000, async () => (await status(service.managementPort, '/health/ready')) === 200);
  console.log(`\n  time to ready after PostgreSQL started: ${elapsed} ms`);
  // The log is written in batches (up to 250 ms late): the line with the service port may follow readiness.
  await until('service port logged', 5_000, () => service.servicePort !== undefined, { server: service.server });

  const created = await get(service.servicePort, API, {
    method: 'POST',
    headers: WRITE_HEADERS,
    body: JSON.stringify(BODY),
  });
  assert.is(created.status, 201);
  createdId = ((await created.json()) as { id: number }).id;
  assert.type(createdId, 'number');
});

test('when PostgreSQL stops under load: health and readiness 503 within 5 s, POST 503 plain text in time, process alive', async () => {
  const { service, cluster } = ready();
  writers = new Writers(service.servicePort, 8, 60_000);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  assert.ok(writers.acknowledged.size > 0, 'writes are acknowledged before the outage');
  await cluster.stop();
  const elapsed = await until('503 from /health and /health/ready', 5_000, async () => {
    const [health, readiness] = await Promise.all([status(service.managementPort, '/health'), status(service.managementPort, '/health/ready')]);
    return health === 503 && readiness === 503;
  });
  console.log(`  time to 503 after PostgreSQL stopped: ${elapsed} ms`);

  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const response = await get(service.servicePort, API, {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: JSON.stringify(BODY),
    });
    const took = Math.round(performance.now() - started);
    assert.is(response.status, 503);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.is(await response.text(), 'Service unavailable');
    assert.ok(took < CONNECT_TIMEOUT_MS + 1_000, `POST took ${took} ms`);
    if (i === 0) console.log(`  POST during the outage: 503 in ${took} ms`);
  }
  assert.ok(service.server.alive(), 'the process is still running');
});

test('when PostgreSQL is back the same process recovers within 10 s and the earlier row is there', async () => {
  const { service, cluster } = ready();
  const pid = service.server.child.pid;
  await cluster.start();
  const elapsed = await until('ready after the database came back', 10_000, async () => (await status(service.managementPort, '/health/ready')) === 200);
  console.log(`  time to recovery after PostgreSQL restarted: ${elapsed} ms`);
  assert.is(await status(service.managementPort, '/health'), 200);

  const found = await get(service.servicePort, `${API}/${createdId}`);
  assert.is(found.status, 200);
  assert.is(((await found.json()) as { description: string }).description, BODY.description);
  assert.ok(service.server.alive() && service.server.child.pid === pid, 'not restarted');
  assert.is(service.server.lines.filter((line) => line.includes('"msg":"ready"')).length, 1, 'started once');
});

test('no write acknowledged through the outage is lost, and no request failed other than with 503', async () => {
  const { service } = ready();
  assert.ok(writers, 'writers ran');
  const before = writers.acknowledged.size;
  await until('writes acknowledged again after recovery', 10_000, () => writers!.acknowledged.size > before);
  await writers.stop();
  const stored = await storedIds(service.servicePort);
  const missing = [...writers.acknowledged].filter((id) => !stored.has(id));
  console.log(
    `  outage under load: ${writers.acknowledged.size} writes acknowledged, ${writers.acknowledged.size - missing.length} found; ` +
      `${writers.refused.count} answered 503, ${writers.failures.length} other answers or errors`,
  );
  assert.equal(missing, [], 'acknowledged writes that are gone');
  assert.ok(writers.refused.count > 0, 'the outage was seen by the writers');
  const logged = service.server.lines.filter((line) => line.includes('"msg":"request failed"')).slice(0, 3);
  assert.equal(writers.failures, [], `logged: ${logged.join('\n')}`);
});

test.run();
