/**
 * The client's types (src/client/schema.d.ts) as openapi-typescript makes them from the OpenAPI
 * document, built in-process as the service serves it by default, and laid out by the project's
 * Biome like the rest of its code (the file is git-ignored, so `npm run lint` skips it).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import openapiTS, { astToString } from 'openapi-typescript';

import { loadAuthConfig } from '../../src/auth/auth.config.js';
import { buildOpenApiDocument } from '../../src/openapi/document.js';

export const SCHEMA_FILE = 'src/client/schema.d.ts';
const projectDir = fileURLToPath(new URL('../../', import.meta.url));

/** The default authentication (writes need a token, the token endpoint is there); the secret and password do not reach the document. */
const DOCUMENTED_AUTH = loadAuthConfig({ JWT_SECRET: 'unused', AUTH_PASSWORD: 'unused' });

export async function clientTypes(): Promise<string> {
  const document = buildOpenApiDocument(DOCUMENTED_AUTH);
  // openapi-typescript takes the document as a JSON string (an object would be read as its own schema type).
  // defaultNonNullable off: by default a property with a default is required in every schema that
  // holds it, the create body's too (openapi-typescript issues 1903, 2012), so a create that leaves
  // such a field out, as the document's minimal example does, would not type-check.
  const types = astToString(await openapiTS(JSON.stringify(document), { defaultNonNullable: false }));
  const biome = spawnSync('node_modules/.bin/biome', ['format', `--stdin-file-path=${SCHEMA_FILE}`], {
    cwd: projectDir,
    input: types,
    encoding: 'utf8',
  });
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
  return biome.stdout;
}
