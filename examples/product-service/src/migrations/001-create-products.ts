import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (table) => {
    // serial (int4): int8 ids would come back as strings or BigInt.
    table.increments('id').primary();
    table.string('name', 100).notNullable();
    table.string('description', 500).nullable();
    table.decimal('price', 18, 2).notNullable();
    table.integer('quantity').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    // Raised by every update in the same statement: the ETag of the product's answers, which
    // If-Match compares in the write's own WHERE.
    table.integer('version').notNullable().defaultTo(1);
    // An index on (key, id) for each key the list sorts by besides id: a page in that order, from
    // its start or from a cursor, reads one stretch of the index and stops, however long the table.
    table.index(['created_at', 'id']);
    table.index(['updated_at', 'id']);
  });
}

/** Undoes up() exactly: `npm run migrate:down` runs it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
