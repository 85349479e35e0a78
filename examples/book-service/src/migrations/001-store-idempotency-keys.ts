import type { Knex } from 'knex';

/**
 * The answers to creates sent with an Idempotency-Key, so that a retry gets the first answer
 * instead of a second row. The primary key decides between replicas; created_at finds the expired.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (table) => {
    table.string('key', 255).primary();
    // sha256 of the method, path, caller and body: the same key with another request is refused.
    table.string('fingerprint', 64).notNullable();
    // The answer: empty only inside the transaction that creates the item and then stores it.
    table.integer('status');
    table.text('location');
    table.text('etag');
    table.text('body');
    table.timestamp('created_at', { useTz: true }).notNullable().index();
  });
}

/** Undoes up() exactly: `npm run migrate:down` runs it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
