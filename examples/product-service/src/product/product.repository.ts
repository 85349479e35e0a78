import { Product, type Products } from './product.model.js';
import type { ProductCreate, ProductUpdate } from './product.schema.js';

export interface ProductPage {
  products: Products;
  total: number;
}

/*
 * The two reads are plain knex queries whose rows go through the model (Product.fromDatabaseJson:
 * the same column mapping and $parseDatabaseJson). Reads are the hot path, and Objection's query
 * builder added about a third to the CPU time of a get by id under `npm run bench`. Writes keep the
 * query builder for the model's hooks.
 */

/** Lists one page of products ordered by id, with the total count over all pages. */
export async function listProducts(page: number, pageSize: number): Promise<ProductPage> {
  const table = () => Product.knex().table(Product.tableName);
  const [rows, [counted]] = await Promise.all([
    table()
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    table().count<{ count: string }[]>('* as count'),
  ]);
  return { products: rows.map((row) => Product.fromDatabaseJson(row)), total: Number(counted?.count ?? 0) };
}

/** Finds one product; undefined when no row has this id. */
export async function findProduct(id: number): Promise<Product | undefined> {
  const row = await Product.knex().table(Product.tableName).where('id', id).first();
  return row === undefined ? undefined : Product.fromDatabaseJson(row);
}

/** Stores a new product and returns the stored row. */
export async function createProduct(product: ProductCreate): Promise<Product> {
  return Product.query().insert(product).returning('*');
}

/** Changes only the given fields; undefined when no row has this id. */
export async function updateProduct(id: number, changes: ProductUpdate): Promise<Product | undefined> {
  const [product] = await Product.query().patch(changes).where('id', id).returning('*');
  return product;
}

/** Deletes one product; false when no row had this id. */
export async function deleteProduct(id: number): Promise<boolean> {
  // returning() instead of the row count: knex-pglite's del() gives no count.
  const deleted = await Product.query().delete().where('id', id).returning('id');
  return deleted.length > 0;
}
