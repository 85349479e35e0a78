import type { Knex } from 'knex';

/**
 * The token endpoint's counts on PostgreSQL, shared by every replica and kept across restarts
 * (see http/rate-limit.ts). The columns are the ones rate-limiter-flexible's RateLimiterPostgres
 * reads and writes; it would create the table itself, racing other replicas.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (table) => {
    table.string('key', 255).primary();
    table.integer('points').notNullable().defaultTo(0);
    // Epoch milliseconds, as the library writes them.
    table.bigInteger('expire');
  });
}

/** Undoes up() exactly: `npm run migrate:down` runs it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
