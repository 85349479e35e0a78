import { Agent } from 'node:http';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { numbered, tooFew } from '../factory.js';
import { runnable } from '../helpers.js';
import { nextLink } from '../list-helpers.js';
import { send } from './load.js';
import { usePgBouncer } from './pgbouncer.js';
import { type Spawned, spawnServer, useDataDir, within } from './process.js';
import { hasTools, onPostgres } from './tools.js';

// PgBouncer restarted (an immediate shutdown: every connection and open transaction cut) while
// clients write through the service: the writes in flight and those sent while it is down are
// answered 503, the service needs no restart, and every create it acknowledged is there after.

type Fields = Record<string, unknown>;

const WRITERS = 8;
const LOAD_BEFORE_RESTART_MS = 1_000;
const LOAD_AFTER_RESTART_MS = 1_500;

const test = suite('PgBouncer restart under load');
const dataDir = useDataDir(test);
let server: Spawned | undefined;
test.after(async () => {
  server?.child.kill('SIGTERM');
  await server?.exit;
});
const pgbouncer = usePgBouncer(test);

if (onPostgres('PgBouncer restart') && hasTools(test, ['pgbouncer'])) {
  runnable(test, tooFew(WRITERS * 10_000))(
    'writes during the restart get 503, the service recovers by itself, no acknowledged create is lost',
    async () => {
      const bouncer = await pgbouncer();
      server = spawnServer(dataDir(), { DATABASE_URL: bouncer.url });
      const { servicePort, managementPort } = await within(60_000, 'the service ready', server.started);
      const acknowledged = new Map<number, Fields>();
      const statuses = new Map<string, number>();
      let restartedAt = 0;
      let acknowledgedAfterRestart = 0;
      let stop = false;
      const writers = Array.from({ length: WRITERS }, async (_, writer) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        // Numbered bodies stay distinct up to 99 999: 8 writers x 10 000.
        for (let n = 1; !stop && n < 10_000; n++) {
          const fields = numbered(writer * 10_000 + n);
          const outcome = await send(agent, servicePort, 'POST', '/api/products', JSON.stringify(fields));
          const status = outcome.kind === 'ok' ? String(outcome.status) : `${outcome.kind} ${'error' in outcome ? outcome.error : ''}`;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (outcome.kind === 'ok' && outcome.status === 201) {
            acknowledged.set((JSON.parse(outcome.body) as { id: number }).id, fields);
            if (restartedAt > 0) acknowledgedAfterRestart++;
          }
        }
        agent.destroy();
      });

      await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_RESTART_MS));
      await bouncer.restart();
      restartedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, LOAD_AFTER_RESTART_MS));
      stop = true;
      await Promise.all(writers);
      console.log(
        `  PgBouncer restart: answers ${JSON.stringify(Object.fromEntries(statuses))}, ${acknowledgedAfterRestart} creates acknowledged after it`,
      );

      assert.equal(
        [...statuses.keys()].filter((status) => status !== '201' && status !== '503'),
        [],
        'every answer is 201 or 503',
      );
      assert.ok(acknowledgedAfterRestart > 0, 'creates succeed again after the restart');
      assert.is((await fetch(`http://127.0.0.1:${managementPort}/health/ready`)).status, 200);
      const stored = new Map<number, Fields>();
      for (let next: string | undefined = '/api/products?pageSize=100'; next !== undefined; ) {
        const response: Response = await fetch(`http://127.0.0.1:${servicePort}${next}`);
        for (const row of (await response.json()) as Fields[]) stored.set(row.id as number, row);
        next = nextLink(response);
      }
      const lost = [...acknowledged].filter(([id, fields]) =>
        Object.entries(fields).some(([field, value]) => stored.get(id)?.[field] !== value),
      );
      assert.ok(acknowledged.size > WRITERS, 'writes were acknowledged');
      assert.equal(lost, [], 'acknowledged creates lost');
    },
  );
}

test.run();
