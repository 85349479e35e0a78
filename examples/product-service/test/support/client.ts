import { createProductClient, type ProductClient } from '../../src/client/client.js';
import type * as OpenApi from '../../src/client/schema.js';
import type { Service } from './helpers.js';
import { signToken } from './tokens.js';

export type ProductCreate = OpenApi.components['schemas']['ProductCreate'];
export type ProductUpdate = OpenApi.components['schemas']['ProductUpdate'];

/** The typed client (src/client) on the test service, over HTTP, with a token of every scope unless `token` says otherwise (null: none). */
export function clientOf(service: Service, token: string | null = signToken()): ProductClient {
  return createProductClient({ baseUrl: `http://127.0.0.1:${service.servicePort}`, ...(token === null ? {} : { token }) });
}

/** A test body as the client's create type: the helpers build bodies field by field, as plain records. */
export const asCreate = (body: Record<string, unknown>) => body as ProductCreate;
/** Likewise for an update body. */
export const asUpdate = (body: Record<string, unknown>) => body as ProductUpdate;
