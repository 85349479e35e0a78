/**
 * What the opt-in features cost on the request path: the product service rendered plain (as
 * examples/product-service is), with soft delete, and with tenants (row-level security, every
 * request in a transaction that names its tenant), each on a database of its own on one
 * PostgreSQL, in rounds of back-to-back runs (wrk) of a list, a get and a create with the plain
 * service as the reference. Every variant has the audit fields (they are always on).
 *
 *   DATABASE_URL=postgres://... npm run bench:features             8 rounds of 3 s
 *   DATABASE_URL=postgres://... npm run bench:features -- --short  3 rounds of 1 s
 *   DATABASE_URL=postgres://... npm run bench:features -- --only soft   the plain service and the variants whose name holds the word
 *   DATABASE_URL=postgres://... npm run bench:features -- --only token,tenants   ... or one of the words
 *
 * It quotes req/s and server CPU per request per variant, and each variant's req/s and CPU as a
 * ratio to the plain service's: the median of the ratios to the run beside it.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { keepTable, type TableKeeper } from '../examples/product-service/bench/table.js';
import type { Answers } from '../src/answers/answers.js';
import { DEFAULT_PORTS } from '../src/answers/answers.js';
import { createDatabase, type ScratchDatabase } from './database.js';
import { removeCopies, renderedProject } from './example-copies.js';
import { inRounds, MODES } from './rounds.js';
import { ROWS, scenarios, seed } from './scenarios.js';
import { startExample, stop, type Target } from './targets.js';

const { values: options } = parseArgs({ options: { short: { type: 'boolean', default: false }, only: { type: 'string' } } });
const mode = options.short ? MODES.short : MODES.full;

/** The tenant of the bench's account and of its table keeper's session. */
const TENANT = 'bench';

interface Variant {
  name: string;
  answers: Partial<Answers>;
  env?: Record<string, string>;
  /** A setting of the table keeper's own connection: under row-level security it sees the tenant's rows only. */
  session?: string;
}

const VARIANTS: Variant[] = [
  { name: 'plain', answers: {} },
  { name: 'soft delete', answers: { softDelete: true } },
  // Tenants take the tenant from a token on every request, reads too: this is the plain service doing the
  // same (AUTH_MODE=all), so that what the tenants' transaction costs shows apart from what the token does.
  { name: 'plain, reads with a token', answers: {}, env: { AUTH_MODE: 'all' } },
  { name: 'tenants', answers: { tenantClaim: 'org_id' }, env: { AUTH_TENANT: TENANT }, session: `-c app.tenant_id=${TENANT}` },
];

function withSession(url: string, session: string | undefined): string {
  if (session === undefined) return url;
  const withOptions = new URL(url);
  withOptions.searchParams.set('options', session);
  return withOptions.href;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set DATABASE_URL to a PostgreSQL server where this role may create a database');
  console.log(`${cpus().length} cores, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}; ${mode.rounds} rounds of ${mode.seconds} s, in pairs with the plain service`);
  const databases: ScratchDatabase[] = [];
  const targets: Target[] = [];
  const tables: TableKeeper[] = [];
  try {
    let ids: number[] | undefined;
    // The plain service always, as the reference; its req/s is then that of the runs beside the variants measured.
    const only = options.only?.split(',');
    const chosen = VARIANTS.filter((variant) => variant.name === 'plain' || only === undefined || only.some((word) => variant.name.includes(word)));
    for (const variant of chosen) {
      const dir = renderedProject({ entity: 'Product', ...DEFAULT_PORTS, ...variant.answers });
      const database = await createDatabase(serverUrl, 'create_item_service_features');
      databases.push(database);
      const target = await startExample(database.url, { name: variant.name, dir, env: variant.env });
      targets.push(target);
      await seed(target);
      const table = await keepTable(withSession(database.url, variant.session));
      await table.mark();
      tables.push(table);
      const listed = (await (await fetch(`${target.url}/api/products?pageSize=${ROWS}`, { headers: target.headers })).json()) as { id: number }[];
      const own = listed.map((row) => row.id);
      // Every variant reads the same ids: each was seeded alike on an empty table of its own.
      if (ids !== undefined && own.join() !== ids.join()) throw new Error(`${variant.name} holds other ids than the plain service`);
      ids = own;
    }
    const reset = { reset: async () => void (await Promise.all(tables.map((table) => table.reset()))) };
    const results = await inRounds(targets, scenarios(ids!), mode, reset, 'paired');
    if (results.some((result) => result.errors > 0 || result.non2xx > 0)) throw new Error('a variant answered with errors: the figures would mean nothing');
    console.log('| scenario | variant | req/s | CPU µs/req | req/s / plain (quartiles) | CPU / plain (quartiles) |');
    console.log('|---|---|---|---|---|---|');
    // Each ratio is the median over the pairs of runs back to back: a slow stretch of a shared machine falls on both halves.
    const ratio = (value: number | undefined, quartiles: [number, number] | undefined) =>
      value === undefined ? '1' : `${value.toFixed(2)} (${quartiles!.map((q) => q.toFixed(2)).join('-')})`;
    for (const result of results) {
      console.log(
        `| ${result.scenario} | ${result.target} | ${Math.round(result.requestsPerSecond)} | ${Math.round(result.cpuMicrosPerRequest)} | ${ratio(result.rateRatioToReference, result.rateRatioQuartiles)} | ${ratio(result.cpuRatioToReference, result.cpuRatioQuartiles)} |`,
      );
    }
  } finally {
    await Promise.all(targets.map((target) => stop(target.child)));
    // Also after a failure: their connections end with them, or the drops would find them.
    await Promise.all(tables.map((table) => table.restore({ sessionsEnd: false })));
    for (const database of databases) await database.drop();
    removeCopies();
  }
  console.log(`load average ${loadavg()[0]!.toFixed(1)} after`);
}

await main().catch((error: Error) => {
  console.error(`bench:features: ${error.message}`);
  process.exitCode = 1;
});
