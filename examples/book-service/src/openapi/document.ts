import { readFileSync } from 'node:fs';

import { requiredScope } from '../auth/access.js';
import type { AuthConfig } from '../auth/auth.config.js';
import { bookApi } from '../book/book.routes.js';
import type { Api } from '../http/operations.js';
import { SERVICE_TITLE } from '../service-name.js';
import { AUTH_RESPONSES, ERROR_RESPONSES } from './responses.js';
import { errors, type Json } from './schema.js';
import { AUTH_TAG, bearerScheme, tokenEndpointDocument } from './token.js';

/** The APIs this service serves, in the order the document lists them. */
const APIS: readonly Api[] = [bookApi];

/** Change this to your project's license; the document's readers are told under which terms they use the API. */
const LICENSE = { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' };

/**
 * Builds the OpenAPI 3.0.3 document from the operations the routers serve (each described next to its
 * handler) and the Joi schemas they validate with, so that routes, validation and documentation cannot
 * drift apart. `auth` decides which operations list the bearer token and whether the token endpoint is there;
 * `requireIfMatch` whether writes state If-Match as required.
 */
export function buildOpenApiDocument(auth: AuthConfig, { requireIfMatch = false } = {}): Json {
  const paths: Record<string, Json> = {};
  const components: Record<string, Json> = { responses: { ...ERROR_RESPONSES } };
  const tags: Json[] = [];

  const token = tokenEndpointDocument(auth);
  if (token) {
    // First in the document, so Swagger UI shows where a token comes from before what needs one.
    paths[token.path] = { post: token.operation };
    tags.push(AUTH_TAG);
    merge(components, token.components);
  }
  for (const api of APIS) {
    tags.push(api.tag);
    merge(components, api.components);
    for (const { method, path, access, doc, alsoAccess } of api.operations) {
      const scope = requiredScope(auth.mode, access);
      const optional = alsoAccess && requiredScope(auth.mode, alsoAccess);
      const security = scope ? withToken(doc, scope) : optional ? withOptionalToken(doc) : { security: [] };
      const operation = { ...doc, tags: [api.tag.name], ...security };
      const key = openApiPath(api.prefix, path);
      paths[key] = { ...paths[key], [method]: operation };
    }
  }
  if (requireIfMatch) {
    // The service answers 428 to a write without it: clients generated from the document must send it.
    const { IfMatch } = components.parameters as Record<string, Json>;
    merge(components, { parameters: { IfMatch: { ...IfMatch, required: true } } });
  }
  if (auth.mode !== 'off') {
    merge(components, { securitySchemes: { bearerAuth: bearerScheme(auth) }, responses: AUTH_RESPONSES });
  }

  return {
    openapi: '3.0.3',
    info: {
      title: SERVICE_TITLE,
      version: packageVersion(),
      description:
        'Create, read, list, update and delete books. Request and response bodies are JSON; ' +
        'errors are answered with a plain-text message.',
      license: LICENSE,
    },
    // Relative: the document works behind whatever host and port serve it.
    servers: [{ url: '/' }],
    tags,
    paths,
    components,
  };
}

/** What an operation that needs a token adds: the requirement, a sentence saying so, and 401/403. */
function withToken(doc: Api['operations'][number]['doc'], scope: string): Json {
  const description = [doc.description, `Needs a bearer token with the \`${scope}\` scope.`].filter(Boolean).join('\n\n');
  // Status codes are integer keys, which JavaScript keeps in ascending order: Swagger UI lists them so.
  return { description, security: [{ bearerAuth: [] }], responses: { ...doc.responses, ...errors('Unauthorized', 'Forbidden') } };
}

/** What an operation open to anyone adds where some of its requests need a token (alsoAccess): the token as optional, and 401/403. */
function withOptionalToken(doc: Api['operations'][number]['doc']): Json {
  return { security: [{}, { bearerAuth: [] }], responses: { ...doc.responses, ...errors('Unauthorized', 'Forbidden') } };
}

/** '/api/items' + '/:id' -> '/api/items/{id}'. */
function openApiPath(prefix: string, path: string): string {
  return (prefix + (path === '/' ? '' : path)).replace(/:(\w+)/g, '{$1}');
}

function merge(into: Record<string, Json>, from: Record<string, Json>): void {
  for (const [kind, entries] of Object.entries(from)) into[kind] = { ...into[kind], ...entries };
}

// src/openapi/document.ts and dist/openapi/document.js both sit two levels below package.json.
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}
