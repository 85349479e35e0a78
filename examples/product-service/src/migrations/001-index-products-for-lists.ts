import type { Knex } from 'knex';

/**
 * An index on (key, id) for each key the list sorts by besides id: a page in that order, from
 * its start or from a cursor, reads one stretch of the index and stops, however long the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.index(['created_at', 'id']);
    table.index(['updated_at', 'id']);
  });
}

/** Undoes up() exactly: `npm run migrate:down` runs it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.dropIndex(['created_at', 'id']);
    table.dropIndex(['updated_at', 'id']);
  });
}
