/**
 * The limit of this stack: node:http and pg with prepared statements (named queries, parsed once
 * per connection) and JSON written by hand. No framework, validation, ORM, logging or metrics.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import { API, COLUMNS, DEFAULT_PAGE_SIZE, etag, listenOn, pool, stopOnSigterm, type ProductInput, type Row } from './products.js';

const LIST = { name: 'list', text: `select ${COLUMNS} from products order by id limit $1 offset $2` };
const FIND = { name: 'find', text: `select ${COLUMNS} from products where id = $1` };
const INSERT = {
  name: 'insert',
  text: `insert into products (name, description, price, quantity, created_at, updated_at) values ($1, $2, $3, $4, $5, $5) returning ${COLUMNS}`,
};

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const toJson = (row: Row) =>
  `{"id":${row.id},"version":${row.version},"name":${text(row.name)},"description":${text(row.description)},"price":${Number(row.price)},` +
  `"quantity":${row.quantity},"createdAt":"${row.created_at.toISOString()}","updatedAt":"${row.updated_at.toISOString()}"}`;

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const [path = '', query = ''] = (request.url ?? '').split('?');
  const id = path.startsWith(`${API}/`) ? path.slice(API.length + 1) : undefined;
  if (path === API && request.method === 'GET') {
    const params = new URLSearchParams(query);
    const pageSize = Number(params.get('pageSize') ?? DEFAULT_PAGE_SIZE);
    const offset = (Number(params.get('page') ?? 1) - 1) * pageSize;
    const rows = await pool.query<Row>({ ...LIST, values: [pageSize, offset] });
    send(response, 200, `[${rows.rows.map(toJson).join(',')}]`);
  } else if (id !== undefined && request.method === 'GET') {
    const { rows } = await pool.query<Row>({ ...FIND, values: [id] });
    if (rows[0]) send(response, 200, toJson(rows[0]), { ETag: etag(rows[0]) });
    else send(response, 404, '{"message":"not found"}');
  } else if (path === API && request.method === 'POST') {
    const input = JSON.parse(await readBody(request)) as ProductInput;
    const values = [input.name, input.description ?? null, input.price, input.quantity, new Date().toISOString()];
    const row = (await pool.query<Row>({ ...INSERT, values })).rows[0]!;
    send(response, 201, toJson(row), { Location: `${API}/${row.id}`, ETag: etag(row) });
  } else {
    send(response, 404, '{"message":"not found"}');
  }
}

const server = createServer((request, response) => {
  handle(request, response).catch(() => send(response, 500, '{"message":"internal error"}'));
});
server.listen(listenOn.port, listenOn.host);
stopOnSigterm(server);
