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
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
