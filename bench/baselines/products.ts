/**
 * What both baselines share: the products table of the reference example and a pg pool of the
 * example's size. Each baseline answers the example's contract for list, get by id and create
 * (same status, headers and JSON; the bench checks that before it measures), and nothing else.
 */
import pg from 'pg';

export const API = '/api/products';
export const COLUMNS = 'id, version, name, description, price, quantity, created_at, updated_at';
export const DEFAULT_PAGE_SIZE = 20;

export interface Row {
  id: number;
  /** Raised by every update; the answers' ETag is this number in quotes. */
  version: number;
  name: string;
  description: string | null;
  /** NUMERIC arrives as a string. */
  price: string;
  quantity: number;
  created_at: Date;
  updated_at: Date;
}

export interface ProductInput {
  name: string;
  description?: string;
  price: number;
  quantity: number;
}

/** The strong ETag the example sends with a product: its version in quotes. */
export const etag = (row: Row) => `"${row.version}"`;

/** The example's default DB_POOL_MAX. */
export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** The port from PORT, on 127.0.0.1 only. */
export const listenOn = { port: Number(process.env.PORT ?? 0), host: '127.0.0.1' };

/** Stops on SIGTERM as the example does: the server closes, then the pool. */
export function stopOnSigterm(server: { close(callback: () => void): unknown }): void {
  process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
}
