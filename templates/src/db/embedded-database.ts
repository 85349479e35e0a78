import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

import { ConfigError, IN_MEMORY } from '../config.js';
import { lockDataDir } from './data-dir-lock.js';
import { instantText, keepDateText } from './database-values.js';
import { StartupError } from '../startup-error.js';

/**
 * The embedded database's packages, loaded only when it is used: they are devDependencies, so a
 * production install (`npm ci --omit=dev`, the image) leaves them out.
 */
async function importEmbedded() {
  try {
    const [{ PGlite }, { default: ClientPgLite }] = await Promise.all([import('@electric-sql/pglite'), import('knex-pglite')]);
    return { PGlite, ClientPgLite };
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError(
      'DATABASE_URL is unset and the embedded database is not installed (a production install leaves it out): set DATABASE_URL, or run npm install',
    );
  }
}

/** knex over a PGlite of our own, which knex-pglite would create without our type parsers. */
async function embeddedKnex(dataDir: string | undefined, log: Knex.Logger): Promise<Knex> {
  const { PGlite, ClientPgLite } = await importEmbedded();
  const pglite = new PGlite({ dataDir, parsers: { [pg.types.builtins.DATE]: keepDateText, [pg.types.builtins.TIMESTAMPTZ]: instantText } });
  // knex-pglite's connection types know only filename and connectionString; it reads `pglite` too.
  return knexFactory({ client: ClientPgLite, connection: { pglite } as Knex.StaticConnectionConfig, log });
}

// A data folder that cannot be created or written: a path through a file, no permission, a read-only file system.
const UNWRITABLE = new Set(['ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'EEXIST']);

/**
 * The embedded PGlite in `dataDir` (or in memory for `memory://`), the folder locked against a
 * second process; `close` stops it and frees the folder.
 */
export async function openEmbedded(dataDir: string, log: Knex.Logger): Promise<{ knex: Knex; close(): Promise<void> }> {
  if (dataDir === IN_MEMORY) {
    const knex = await embeddedKnex(undefined, log);
    return { knex, close: () => knex.destroy() };
  }

  const release = await mkdir(dataDir, { recursive: true })
    .then(() => lockDataDir(dataDir))
    .catch((error: NodeJS.ErrnoException) => {
      if (!UNWRITABLE.has(error.code ?? '')) throw error;
      throw new StartupError(
        `cannot write data folder ${dataDir} (${error.code}): set DATA_DIR to a folder this user may write, or DATABASE_URL`,
      );
    });

  try {
    const knex = await embeddedKnex(join(dataDir, 'pgdata'), log);
    // Start PGlite now, so a broken data folder fails at startup rather than on the first request.
    await knex.raw('select 1');
    return {
      knex,
      close: async () => {
        try {
          await knex.destroy();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
