/**
 * The framework's floor: Koa 3, @koa/router, koa-bodyparser and pg as their users write them
 * (plain parameterised queries, ctx.body = object). No ORM, validation, logging or metrics.
 */
import { createServer } from 'node:http';

import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';

import { API, COLUMNS, DEFAULT_PAGE_SIZE, etag, listenOn, pool, stopOnSigterm, type ProductInput, type Row } from './products.js';

const toJson = (row: Row) => ({
  id: row.id,
  version: row.version,
  name: row.name,
  description: row.description,
  price: Number(row.price),
  quantity: row.quantity,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const router = new Router({ prefix: API });

router.get('/', async (ctx) => {
  const pageSize = Number(ctx.query.pageSize ?? DEFAULT_PAGE_SIZE);
  const offset = (Number(ctx.query.page ?? 1) - 1) * pageSize;
  const rows = await pool.query<Row>(`select ${COLUMNS} from products order by id limit $1 offset $2`, [pageSize, offset]);
  ctx.body = rows.rows.map(toJson);
});

router.get('/:id', async (ctx) => {
  const { rows } = await pool.query<Row>(`select ${COLUMNS} from products where id = $1`, [ctx.params.id]);
  const row = rows[0];
  if (row) {
    ctx.set('ETag', etag(row));
    ctx.body = toJson(row);
  }
  else ctx.status = 404;
});

router.post('/', async (ctx) => {
  const input = ctx.request.body as ProductInput;
  const { rows } = await pool.query<Row>(
    `insert into products (name, description, price, quantity, created_at, updated_at) values ($1, $2, $3, $4, $5, $5) returning ${COLUMNS}`,
    [input.name, input.description ?? null, input.price, input.quantity, new Date().toISOString()],
  );
  ctx.status = 201;
  ctx.set({ Location: `${API}/${rows[0]!.id}`, ETag: etag(rows[0]!) });
  ctx.body = toJson(rows[0]!);
});

const app = new Koa();
app.use(bodyParser({ enableTypes: ['json'] }));
app.use(router.routes());
const server = createServer(app.callback()).listen(listenOn.port, listenOn.host);
stopOnSigterm(server);
