/**
 * Leaves products as the benchmark found it. The benchmark only inserts (it tops the table up
 * to the rows a list needs, then the create scenario adds thousands; `--rows` fills it past the
 * API), so every row with an id above the highest one found at the start is the benchmark's, and
 * deleting them restores the table: same rows, same content.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Knex from 'knex';
import pg from 'pg';

import { fillProblem, insertNumbered } from './fill.js';

/** The database sessions of a service the benchmark starts carry this name (PGAPPNAME). */
export const BENCH_SESSION = 'product-service-bench';

/** A delete is repeated every SETTLE_MS until QUIET_TRIES in a row find nothing (bounded by MAX_TRIES). */
const SETTLE_MS = 100;
const QUIET_TRIES = 10;
const MAX_TRIES = 300;

export interface TableKeeper {
  /** How many rows the table held when the benchmark started. */
  readonly foundRows: number;
  /** Marks the table as it is now (seeded): reset() goes back to this. */
  mark(): Promise<void>;
  /** Between scenarios: deletes what the scenario inserted, so each starts from the same table. */
  reset(): Promise<void>;
  /**
   * At the end: deletes every row the benchmark inserted and returns how many rows are left.
   * With `sessionsEnd`, first waits until no session named BENCH_SESSION is left (the service the
   * benchmark started has exited); otherwise deletes until nothing new arrives.
   */
  restore(options: { sessionsEnd: boolean }): Promise<number>;
  /**
   * Inserts numbered rows past the API until the table holds `rows`, row n created n seconds after
   * `firstCreatedAt`, then vacuums and analyzes it as autovacuum would a table that has lived.
   * Rows are numbered on from the previous fill's.
   */
  fill(rows: number, firstCreatedAt: Date): Promise<void>;
  /** The id and createdAt of the row `offset` rows into the table in id order. */
  rowAt(offset: number): Promise<{ id: number; createdAt: Date }>;
}

/**
 * When a run's time is up, autocannon drops its sockets with requests in flight; the service
 * still completes those it has read, so a create can commit after a delete. Hence a delete is
 * repeated until it has found nothing several times in a row.
 */
export async function keepTable(databaseUrl: string): Promise<TableKeeper> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // The fill's inserts go through knex, as the tests' own rows do (test/support/table-rows.ts).
  const knex = Knex({ client: 'pg', connection: { connectionString: databaseUrl }, pool: { min: 0, max: 1 } });
  const count = async () => Number((await db.query<{ count: string }>('select count(*) from "products"')).rows[0]?.count);
  const highestId = async () => (await db.query<{ id: number | null }>('select max(id) as id from "products"')).rows[0]?.id ?? 0;
  const foundRows = await count();
  const found = await highestId();
  let marked = found;
  let numbered = 0;

  const deleteAbove = async (id: number) => (await db.query('delete from "products" where id > $1', [id])).rowCount ?? 0;
  const settle = async (id: number) => {
    for (let tries = 0, quiet = 0; quiet < QUIET_TRIES; tries++) {
      if (tries === MAX_TRIES) throw new Error(`rows keep arriving in products after ${MAX_TRIES} deletes`);
      quiet = (await deleteAbove(id)) > 0 ? 0 : quiet + 1;
      await sleep(SETTLE_MS);
    }
    // Without it the dead rows of a create run would slow every later count(*), and the
    // planner would go on reading a million rows that are gone.
    await db.query('vacuum analyze "products"');
  };
  const sessionsLeft = async () => {
    const sql = 'select count(*) from pg_stat_activity where datname = current_database() and application_name = $1';
    return Number((await db.query<{ count: string }>(sql, [BENCH_SESSION])).rows[0]?.count);
  };

  return {
    foundRows,
    fill: async (target, firstCreatedAt) => {
      const problem = fillProblem(target - foundRows);
      if (problem) throw new Error(problem);
      for (let rows = await count(); rows < target; ) {
        const inserted = await insertNumbered(knex, numbered, target - rows, firstCreatedAt);
        // A row whose unique value is already taken is left out: the next rows are numbered on.
        if (inserted === 0)
          throw new Error(`products: no new row fits beside the ${rows} it holds (every value of a unique field is taken)`);
        numbered += target - rows;
        rows += inserted;
      }
      await db.query('vacuum analyze "products"');
    },
    rowAt: async (offset) => {
      const sql = 'select id, created_at from "products" order by id offset $1 limit 1';
      const row = (await db.query<{ id: number; created_at: Date }>(sql, [offset])).rows[0];
      if (!row) throw new Error(`products has no row ${offset + 1}`);
      return { id: row.id, createdAt: row.created_at };
    },
    mark: async () => {
      marked = await highestId();
    },
    reset: () => settle(marked),
    restore: async ({ sessionsEnd }) => {
      try {
        for (let tries = 0; sessionsEnd && (await sessionsLeft()) > 0; tries++) {
          if (tries === MAX_TRIES)
            throw new Error(`the service's database sessions did not end within ${(MAX_TRIES * SETTLE_MS) / 1000} s`);
          await sleep(SETTLE_MS);
        }
        await settle(found);
        return await count();
      } finally {
        await Promise.all([db.end(), knex.destroy()]);
      }
    },
  };
}
