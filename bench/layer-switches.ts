/**
 * The layers of the example's request path that bench/layers.ts prices, each as what a copy of
 * the example does otherwise: a layer switched off (or, where it is off by default, on) by an
 * edit of the copy's source text or by its configuration.
 */
import type { Edit } from './example-copies.js';

export interface Layer {
  /** What the copy does otherwise than the example. */
  name: string;
  edits?: Edit[];
  env?: Record<string, string>;
  headers?: Record<string, string>;
  /** Switched on rather than off: not part of "all off". */
  added?: boolean;
  /** A layer issue 47 keeps (it is priced, never dropped): part of "only the kept layers". */
  kept?: boolean;
}

const APP = 'src/app.ts';
const LOG = 'src/http/request-log.ts';
const ROUTES = 'src/product/product.routes.ts';
const REPOSITORY = 'src/product/product.repository.ts';

/** A product's answer as the example gives it, sent as a fixed text where serialization is off. */
const FIXED_ANSWER = JSON.stringify({
  id: 1,
  name: 'Item 0',
  description: 'Description 0',
  price: 1,
  quantity: 1,
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-01T12:00:00.000Z',
  version: 1,
});

export const LAYERS: Layer[] = [
  // No layer switched: how far two runs of the same code land apart, the price list's noise floor.
  { name: 'the same code again (noise)', edits: [], added: true },
  {
    name: 'no access log',
    kept: true,
    edits: [{ file: LOG, find: /\n {6}(accessLog|logger)\.?\[?\w*\]?\(\{[^]*?\n {6}\}\);/, replace: '' }],
  },
  { name: 'no metrics', kept: true, edits: [{ file: APP, find: '  service.use(metrics.middleware);\n', replace: '' }] },
  { name: 'no security headers', kept: true, edits: [{ file: APP, find: '  service.use(securityHeaders());\n', replace: '' }] },
  {
    name: 'no request id',
    kept: true,
    edits: [
      { file: LOG, find: /const requestId = [^;]+;/, replace: "const requestId = '';" },
      { file: LOG, find: /\n\s*ctx\.set\('X-Request-Id', requestId\);/, replace: '' },
    ],
  },
  {
    name: 'no ETag',
    kept: true,
    edits: [
      { file: ROUTES, find: /ctx\.set\('ETag', etag\(record\.version\)\);\n\s*if \(notModified\(ctx, record\.version\)\) ctx\.status = 304;\n\s*else /, replace: '' },
    ],
  },
  { name: 'no Joi on create', edits: [{ file: ROUTES, find: 'const fields = validateCreate(ctx.request.body);', replace: 'const fields = ctx.request.body as never;' }] },
  {
    name: "no Objection (knex and plain rows)",
    kept: true,
    edits: [
      {
        file: REPOSITORY,
        // findById (before issue 47) or a where on the key (after).
        find: /return ProductModel\.query\(\)\.findById\(id\);|const \[found\] = await ProductModel\.query\(\)\.where\('id', id\);\n\s*return found;/,
        replace: "return ProductModel.knex()('products').where('id', id).first().then((row) => (row === undefined ? undefined : plainProduct(row)));",
      },
      {
        file: REPOSITORY,
        // Before issue 44 (no authors) or after.
        find: /return await ProductModel\.query\(trx\)\s*\.insert\((fields|\{ \.\.\.fields, createdBy: actor, updatedBy: actor \})\)[^;]*;/,
        replace:
          "const now = new Date().toISOString();\n    const [row] = await (trx ?? ProductModel.knex())('products').insert({ ...fields, created_at: now, updated_at: now, created_by: actor, updated_by: actor }).returning('*');\n    return plainProduct(row);",
      },
      {
        file: REPOSITORY,
        find: /\n$/,
        replace:
          '\n\n// biome-ignore lint: the bench\'s plain row\nfunction plainProduct(row: any): any {\n  return { id: row.id, name: row.name, description: row.description, price: Number(row.price), quantity: row.quantity, createdAt: row.created_at, updatedAt: row.updated_at, createdBy: row.created_by, updatedBy: row.updated_by, version: row.version };\n}\n',
      },
    ],
  },
  {
    name: 'no JSON serialization (a fixed text)',
    edits: [
      // One expression, so that it stands after the get's `else` with or without the ETag's `if`.
      { file: ROUTES, find: /ctx\.body = record;|sendSerialized\(ctx, productJson\(record\)\);/, replace: `(ctx.type = 'application/json'), (ctx.body = ${JSON.stringify(FIXED_ANSWER)});` },
      { file: ROUTES, find: /body: (JSON\.stringify|\w+)\(record\) \}/, replace: `body: ${JSON.stringify(FIXED_ANSWER)} }` },
    ],
  },
  // Writes need a token by default (AUTH_MODE=writes), remembered after its first verification.
  { name: 'no auth (AUTH_MODE=off)', env: { AUTH_MODE: 'off' } },
  { name: 'auth on reads too (AUTH_MODE=all)', env: { AUTH_MODE: 'all' }, added: true },
  { name: 'with CORS (an allowed Origin on every request)', env: { CORS_ORIGINS: 'https://app.example.com' }, headers: { origin: 'https://app.example.com' }, added: true },
  // Only POST /api/auth/token is limited; this prices a limit (in memory) on every request.
  {
    name: 'with a rate limit on every request',
    edits: [
      { file: APP, find: '  service.use(metrics.middleware);\n', replace: '  service.use(metrics.middleware);\n  service.use(rateLimit(1_000_000_000));\n' },
      { file: APP, find: "import { requestLog } from './http/request-log.js';", replace: "import { rateLimit } from './http/rate-limit.js';\nimport { requestLog } from './http/request-log.js';" },
    ],
    added: true,
  },
];
