import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { freePort } from './servers.js';

const run = promisify(execFile);

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const OS_USER = 'postgres';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, 127.0.0.1 only). */
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** Fast shutdown: open sessions are terminated, as in a real outage. */
  stop(): Promise<void>;
  isRunning(): Promise<boolean>;
  /** Stops the cluster if running and deletes its folder. Safe to call twice. */
  destroy(): Promise<void>;
}

/** Runs a PostgreSQL binary as the postgres OS user (initdb and pg_ctl refuse root). */
async function pg(command: string, args: string[], timeoutMs: number): Promise<{ stdout: string; code: number }> {
  const asPostgres = process.getuid?.() === 0 ? ['runuser', ['-u', OS_USER, '--', join(PG_BIN, command), ...args]] as const : [join(PG_BIN, command), args] as const;
  try {
    const { stdout } = await run(asPostgres[0], [...asPostgres[1]], { timeout: timeoutMs });
    return { stdout, code: 0 };
  } catch (error) {
    const { code, stdout, stderr, killed } = error as { code?: number | string; stdout?: string; stderr?: string; killed?: boolean };
    if (killed || typeof code !== 'number') throw new Error(`${command} ${args.join(' ')} failed: ${String(code)} ${stderr ?? ''}`);
    return { stdout: `${stdout ?? ''}${stderr ?? ''}`, code };
  }
}

/** Runs initdb in `data` below `dir` (owned by the postgres OS user when we are root). */
async function initCluster(dir: string, data: string): Promise<void> {
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', OS_USER]);
    const uid = Number(stdout.trim());
    const { stdout: gid } = await run('id', ['-g', OS_USER]);
    await chown(dir, uid, Number(gid.trim()));
  }
  const init = await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions'], 60_000);
  if (init.code !== 0) throw new Error(`initdb failed:\n${init.stdout}`);
  // Trust only over 127.0.0.1 and the private socket folder.
  await writeFile(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
}

/**
 * Creates (initdb) a throw-away PostgreSQL cluster in a temporary folder, listening on a free
 * port of 127.0.0.1 only, with its socket in that folder: it never touches the system cluster.
 * Not started: call start(). Every wait is bounded (initdb 60 s, start/stop 30 s).
 */
export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'private-pg-'));
  const data = join(dir, 'data');
  try {
    await initCluster(dir, data);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const log = join(dir, 'server.log');
  let destroyed = false;

  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      const result = await pg('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '30', 'start'], 40_000);
      if (result.code !== 0) throw new Error(`pg_ctl start failed:\n${result.stdout}`);
    },
    async stop() {
      const result = await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'], 40_000);
      if (result.code !== 0) throw new Error(`pg_ctl stop failed:\n${result.stdout}`);
    },
    async isRunning() {
      // pg_ctl status: 0 running, 3 not running.
      return (await pg('pg_ctl', ['-D', data, 'status'], 10_000)).code === 0;
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        if (await cluster.isRunning()) await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'], 40_000);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}
