/**
 * The physical limit of this stack: the same three operations over plain node:http and a pg Pool,
 * with the same SQL and the same JSON, and nothing else (no framework, validation, ORM, logging or
 * metrics). bench/run.ts starts it and compares the service with it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import pg from 'pg';

// A type only: nothing of the service runs here. The mapping below repeats the model's fromRow on
// purpose: importing the model class would put the entity's class name in this file, where it
// clashes (an entity named Record hides TypeScript's Record, one named Address the local `address`).
import type { ProductRow as Row } from '../src/product/product.model.js';

const COLUMNS = 'id, name, description, price, quantity, created_at, updated_at';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });

const toJson = (row: Row) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: Number(row.price),
  quantity: row.quantity,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://baseline');
  const id = /^\/api\/products\/(\d+)$/.exec(url.pathname)?.[1];
  if (url.pathname === '/api/products' && request.method === 'GET') {
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    const offset = (Number(url.searchParams.get('page') ?? 1) - 1) * pageSize;
    const [rows, count] = await Promise.all([
      pool.query<Row>(`select ${COLUMNS} from products order by id limit $1 offset $2`, [pageSize, offset]),
      pool.query<{ count: string }>('select count(*) from products'),
    ]);
    send(response, 200, rows.rows.map(toJson), { 'X-Total-Count': count.rows[0]?.count ?? '0' });
  } else if (id && request.method === 'GET') {
    const { rows } = await pool.query<Row>(`select ${COLUMNS} from products where id = $1`, [id]);
    if (rows[0]) send(response, 200, toJson(rows[0]));
    else send(response, 404, { message: 'not found' });
  } else if (url.pathname === '/api/products' && request.method === 'POST') {
    const input = JSON.parse(await readBody(request)) as { name: string; description?: string; price: number; quantity: number };
    const now = new Date().toISOString();
    const { rows } = await pool.query<Row>(
      `insert into products (name, description, price, quantity, created_at, updated_at) values ($1, $2, $3, $4, $5, $5) returning ${COLUMNS}`,
      [input.name, input.description ?? null, input.price, input.quantity, now],
    );
    send(response, 201, toJson(rows[0]!), { Location: `/api/products/${rows[0]!.id}` });
  } else {
    send(response, 404, { message: 'not found' });
  }
}

const server = createServer((request, response) => {
  handle(request, response).catch(() => send(response, 500, { message: 'internal error' }));
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ msg: 'baseline listening', port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
