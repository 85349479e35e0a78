import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import type { Test } from 'uvu';

import { freePort, giveToTools, runTool, waitForPort } from './tools.js';

export interface PgBouncer {
  /** A DATABASE_URL through PgBouncer, to a schema of its own on the server of DATABASE_URL. */
  url: string;
  /** The same PgBouncer with other credentials, database or parameters (every database of the server is served). */
  urlFor(change: (url: URL) => void): string;
  /** Immediate shutdown (clients and open transactions are cut, as in a crash), then a start on the same port. */
  restart(): Promise<void>;
  /** Stops PgBouncer and drops its schema. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts Debian's PgBouncer in transaction mode, as production poolers run, with its defaults
 * otherwise (it passes no startup parameter but client_encoding, DateStyle, TimeZone,
 * standard_conforming_strings and application_name), in front of the server of DATABASE_URL,
 * on a port of its own. Its database `service` is a new schema of DATABASE_URL's database,
 * chosen by a connect_query since PgBouncer refuses the `options` startup parameter;
 * `connectQuery` runs after it on every server connection (a session's settings, for tests).
 */
export async function startPgBouncer({ connectQuery }: { connectQuery?: string } = {}): Promise<PgBouncer> {
  const server = new URL(process.env.DATABASE_URL!);
  const [user = '', password = '', database = ''] = [server.username, server.password, server.pathname.slice(1)].map(decodeURIComponent);
  const schema = `pgbouncer_${process.pid}_${Date.now()}`;
  await onServer(`create schema ${schema}`);
  const dir = await mkdtemp(join(tmpdir(), 'pgbouncer-'));
  const port = await freePort();
  const host = `host=${decodeURIComponent(server.hostname)} port=${server.port || 5432}`;
  const config = join(dir, 'pgbouncer.ini');
  await writeFile(
    config,
    `[databases]
service = ${host} dbname=${database} connect_query='set search_path to ${schema}${connectQuery ? `; ${connectQuery.replaceAll("'", "''")}` : ''}'
* = ${host}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
pool_mode = transaction
auth_type = ${password ? 'scram-sha-256' : 'trust'}
auth_file = ${join(dir, 'userlist.txt')}
logfile = ${join(dir, 'pgbouncer.log')}
pidfile = ${join(dir, 'pgbouncer.pid')}
`,
  );
  // PgBouncer logs in to the server with the password its clients gave it.
  await writeFile(join(dir, 'userlist.txt'), `"${user}" "${password.replaceAll('"', '""')}"\n`);
  await giveToTools(dir);

  const start = async () => {
    await runTool('pgbouncer', ['-d', config]);
    await waitForPort(port).catch(async (error: Error) => {
      throw new Error(`${error.message}; pgbouncer.log:\n${await readFile(join(dir, 'pgbouncer.log'), 'utf8').catch(() => '')}`);
    });
  };
  const kill = async () => {
    const pid = Number(await readFile(join(dir, 'pgbouncer.pid'), 'utf8').catch(() => ''));
    if (!pid) return;
    process.kill(pid, 'SIGTERM');
    while (await isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await start();

  const urlFor = (change: (url: URL) => void) => {
    const url = new URL(server.href);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    url.pathname = '/service';
    change(url);
    return url.href;
  };
  let stopped = false;
  return {
    url: urlFor(() => undefined),
    urlFor,
    restart: async () => {
      await kill();
      await start();
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await kill();
      await rm(dir, { recursive: true, force: true });
      await onServer(`drop schema ${schema} cascade`);
    },
  };
}

/** Runs one statement on the server of DATABASE_URL itself, not through PgBouncer. */
async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A process that exited but is not reaped yet (a zombie) runs no more.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return !/\) [ZX] /.test(stat);
}

/** A PgBouncer for a suite's tests: started on first use, stopped (its schema dropped) after the suite. */
export function usePgBouncer(suite: Test): () => Promise<PgBouncer> {
  let started: Promise<PgBouncer> | undefined;
  suite.after(async () => {
    await (await started?.catch(() => undefined))?.stop();
  });
  return () => {
    started ??= startPgBouncer();
    return started;
  };
}
