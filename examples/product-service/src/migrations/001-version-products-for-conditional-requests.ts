import type { Knex } from 'knex';

/**
 * A version per product, raised by every update in the same statement: the ETag of its answers,
 * which If-Match compares in the write's own WHERE. Rows that exist already start at 1.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.integer('version').notNullable().defaultTo(1);
  });
}

/** Undoes up() exactly: `npm run migrate:down` runs it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.dropColumn('version');
  });
}
