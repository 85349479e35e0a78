/**
 * The three servers the bench compares, each a child process on 127.0.0.1 with its own PID: the
 * reference example as `npm start` runs it, and the two baselines. Also reads a server's CPU time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { freePort, stop, waitFor } from '../examples/product-service/bench/processes.js';

import { holdChild } from './interrupt.js';

export { stop };

const root = new URL('..', import.meta.url).pathname;
const example = join(root, 'examples/product-service');

export interface Target {
  name: string;
  url: string;
  child: ChildProcess;
  /** The headers every request to this target carries (a bearer token where writes need one). */
  headers: Record<string, string>;
}

function start(script: string, cwd: string, env: Record<string, string>, stdout: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  // node itself, not npm: the PID is the server's, so its CPU time is the server's alone.
  const child = holdChild(spawn(process.execPath, ['--import', 'tsx/esm', script], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'] }));
  // Read and dropped, as a container runtime reads a service's log: a pipe, not /dev/null, so a
  // log line costs what it costs in production (a full pipe blocks a synchronous writer).
  child.stdout?.resume();
  return child;
}

/** A copy of the example to run beside it (bench/layers.ts, the before of bench/run.ts --before). */
export interface Copy {
  name: string;
  /** Another folder of the same project; the example's own by default. */
  dir?: string;
  /** Variables set for it (AUTH_MODE=off, CORS_ORIGINS...). */
  env?: Record<string, string>;
  /** Headers its requests carry besides the token (an Origin for CORS). */
  headers?: Record<string, string>;
}

/**
 * The reference example on databaseUrl (it migrates on start), with a token for its writes unless
 * AUTH_MODE=off; `copy` runs another folder or configuration of the same project under another name.
 */
export async function startExample(databaseUrl: string, copy?: Copy): Promise<Target> {
  const [port, managementPort] = [await freePort(), await freePort()];
  const account = { username: 'bench', password: randomBytes(18).toString('base64url') };
  // Copies share the database, and with it the token endpoint's limit per client address.
  const env: Record<string, string> = { LOG_LEVEL: 'info', AUTH_RATE_LIMIT_PER_MINUTE: '10000', ...copy?.env };
  const child = start(
    'src/server.ts',
    copy?.dir ?? example,
    {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      MANAGEMENT_PORT: String(managementPort),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      AUTH_USERNAME: account.username,
      AUTH_PASSWORD: account.password,
      ...env,
    },
    'pipe',
  );
  const url = `http://127.0.0.1:${port}`;
  const name = copy?.name ?? 'example';
  try {
    await waitFor(`http://127.0.0.1:${managementPort}/health/ready`, child);
    if (env.AUTH_MODE === 'off') return { name, url, child, headers: { ...copy?.headers } };
    const response = await fetch(`${url}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    if (response.status !== 200) throw new Error(`the example's POST /api/auth/token answered ${response.status}`);
    const { accessToken } = (await response.json()) as { accessToken: string };
    return { name, url, child, headers: { authorization: `Bearer ${accessToken}`, ...copy?.headers } };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** A baseline of bench/baselines on databaseUrl (no authentication). */
export async function startBaseline(name: string, file: string, databaseUrl: string): Promise<Target> {
  const port = await freePort();
  const child = start(join(root, 'bench/baselines', file), root, { DATABASE_URL: databaseUrl, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/products?pageSize=1`, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { name, url, child, headers: {} };
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system, every thread) the process has used so far, in µs, from /proc/<pid>/stat. */
export function cpuMicros(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime
  // are fields 14 and 15 of the whole line, so 12 and 13 after "pid (comm)".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}
