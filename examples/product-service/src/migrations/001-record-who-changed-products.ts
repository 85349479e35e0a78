import type { Knex } from 'knex';

/**
 * Who created each product and who changed it last: the subject (`sub`) of the token that made
 * the write, set by the service on every write and never taken from a client. Rows stored before
 * this migration keep null: who wrote them was not recorded. An index on (column, id) serves the
 * list's `createdBy=` and `updatedBy=` filters ("my products") however long the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.string('created_by', 255).nullable();
    table.string('updated_by', 255).nullable();
    table.index(['created_by', 'id']);
    table.index(['updated_by', 'id']);
  });
}

/** Undoes up() exactly: `npm run migrate:down` runs it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.dropColumn('created_by');
    table.dropColumn('updated_by');
  });
}
