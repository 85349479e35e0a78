import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, readdirSync } from 'node:fs';
import { chown } from 'node:fs/promises';
import { type AddressInfo, connect, createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

import type { Test } from 'uvu';
import * as assert from 'uvu/assert';

// The programs some resilience suites run beside the service: PgBouncer, the PostgreSQL server
// binaries (initdb, pg_ctl) and openssl. Debian and Ubuntu: apt-get install pgbouncer postgresql openssl.

const run = promisify(execFile);

/** The OS user the server tools run as when the tests run as root: initdb, pg_ctl and pgbouncer refuse root. */
const TOOL_USER = 'postgres';
const asRoot = process.getuid?.() === 0;

const PACKAGES: Record<string, string> = { pgbouncer: 'pgbouncer', initdb: 'postgresql', pg_ctl: 'postgresql', openssl: 'openssl' };

/**
 * PostgreSQL's bin folder: PG_BIN, else the newest /usr/lib/postgresql/<major>/bin (Debian and
 * Ubuntu, GitHub's runners included), else none (the tools are then looked up on PATH).
 */
function postgresBin(): string[] {
  if (process.env.PG_BIN) return [process.env.PG_BIN];
  const versions = (() => {
    try {
      return readdirSync('/usr/lib/postgresql').filter((entry) => /^\d+$/.test(entry));
    } catch {
      return [];
    }
  })();
  return versions.sort((a, b) => Number(b) - Number(a)).map((version) => `/usr/lib/postgresql/${version}/bin`);
}

/** Where `name` is: PATH, PostgreSQL's bin folder, or /usr/sbin (Debian's pgbouncer); undefined when nowhere. */
export function findTool(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), ...postgresBin(), '/usr/sbin'];
  for (const folder of folders.filter(Boolean)) {
    try {
      accessSync(join(folder, name), constants.X_OK);
      return join(folder, name);
    } catch {}
  }
  return undefined;
}

/**
 * True when every tool is found. Otherwise registers one test that names what is missing and
 * how to install it: a failure under CI=true (a CI machine without them must not pass these
 * suites unseen), a skip with that reason printed on a developer's machine.
 */
export function hasTools(test: Test, names: string[]): boolean {
  const missing = names.filter((name) => findTool(name) === undefined);
  if (missing.length === 0) return true;
  const packages = [...new Set(missing.map((name) => PACKAGES[name] ?? name))].join(' ');
  const elsewhere = missing.some((name) => PACKAGES[name] === 'postgresql') ? "; or set PG_BIN to PostgreSQL's bin folder" : '';
  const reason = `${missing.join(', ')} not found (Debian and Ubuntu: apt-get install ${packages}${elsewhere})`;
  test(`needs ${missing.join(', ')}`, () => {
    if (process.env.CI === 'true') assert.unreachable(reason);
    console.log(`  skipped: ${reason}`);
  });
  return false;
}

/** True with DATABASE_URL set; otherwise prints why the suite does not run here (the embedded database has no server to put a pooler or TLS in front of). */
export function onPostgres(name: string): boolean {
  if (process.env.DATABASE_URL) return true;
  console.log(`  ${name}: PostgreSQL only, runs with DATABASE_URL set`);
  return false;
}

/** Runs a server tool: as the postgres OS user when the tests run as root. Rejects with its stderr on a non-zero exit. */
export async function runTool(name: string, args: string[]): Promise<string> {
  const path = findTool(name);
  if (path === undefined) throw new Error(`${name} not found`);
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', TOOL_USER, '--', path, ...args]] : [path, args];
  try {
    return (await run(command, commandArgs, { timeout: 60_000 })).stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${name} ${args.join(' ')} failed: ${stderr || stdout || (error as Error).message}`);
  }
}

/** Hands a folder (and the files in it) to the user the server tools run as, when that is not us. */
export async function giveToTools(...paths: string[]): Promise<void> {
  if (!asRoot) return;
  const uid = Number((await run('id', ['-u', TOOL_USER])).stdout.trim());
  const gid = Number((await run('id', ['-g', TOOL_USER])).stdout.trim());
  for (const path of paths) await chown(path, uid, gid);
}

/** A TCP port of 127.0.0.1 that was free a moment ago, for a server that cannot be given port 0. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once 127.0.0.1:`port` accepts connections; rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(true));
      socket.on('error', () => resolve(false));
      socket.on('connect', () => socket.destroy());
    });
    if (accepted) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
