import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('books', (table) => {
    // serial (int4): int8 ids would come back as strings or BigInt.
    table.increments('id').primary();
    table.string('title', 200).notNullable();
    table.string('isbn', 255).notNullable().unique();
    table.integer('pages').nullable();
    table.decimal('price', 10, 2).nullable();
    table.enum('format', ['hardcover', 'paperback', 'ebook']).nullable().defaultTo('paperback');
    table.date('published').nullable();
    table.boolean('available').nullable().defaultTo(true);
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('books');
}
