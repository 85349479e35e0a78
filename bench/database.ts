/**
 * Throw-away PostgreSQL databases on the server of a URL: a unique name per run, so runs on a
 * shared server never meet, and dropped without force, so only what a run created goes.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import pg from 'pg';

import { holdUntilReleased } from './interrupt.js';

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database; waits (at most 10 s) for its last sessions to end first. */
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` on the server of serverUrl and returns its URL. */
export async function createDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    onServer(serverUrl, async (client) => {
      // A server that has just exited may still hold its sessions for a moment.
      for (let tries = 0; ; tries++) {
        const { rows } = await client.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (rows.length === 0 || tries === 100) break;
        await sleep(100);
      }
      await client.query(`drop database if exists ${name}`);
    });
  const release = holdUntilReleased(drop);
  return {
    name,
    url: url.href,
    drop: async () => {
      await drop();
      release();
    },
  };
}
