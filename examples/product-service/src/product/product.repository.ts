import { Product } from './product.model.js';
import type { ProductCreate, ProductUpdate } from './product.schema.js';

export interface ProductPage {
  products: Product[];
  total: number;
}

/** Lists one page of products ordered by id, with the total count over all pages. */
export async function listProducts(page: number, pageSize: number): Promise<ProductPage> {
  // Both queries at once; page() would count only after the rows came back.
  const [products, total] = await Promise.all([
    Product.query()
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    Product.query().resultSize(),
  ]);
  return { products, total };
}

/** Finds one product; undefined when no row has this id. */
export async function findProduct(id: number): Promise<Product | undefined> {
  return Product.query().findById(id);
}

/** Stores a new product and returns the stored row. */
export async function createProduct(fields: ProductCreate): Promise<Product> {
  return Product.query().insert(fields).returning('*');
}

/** Changes only the given fields (and updatedAt), in one query; undefined when no row has this id. */
export async function updateProduct(id: number, changes: ProductUpdate): Promise<Product | undefined> {
  // patchAndFetchById would read the row back in a second query.
  const [product] = await Product.query().patch(changes).where('id', id).returning('*');
  return product;
}

/** Deletes one product; false when no row had this id. */
export async function deleteProduct(id: number): Promise<boolean> {
  // returning() instead of the row count: knex-pglite's delete gives no count.
  const deleted = await Product.query().delete().where('id', id).returning('id');
  return deleted.length > 0;
}
