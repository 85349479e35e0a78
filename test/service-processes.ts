import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';

import pg from 'pg';

/** A child process with everything it printed, for failure messages. */
export interface Child {
  child: ChildProcess;
  output: string[];
}

export interface RunningService extends Child {
  /** http://127.0.0.1:<PORT> */
  api: string;
}

export const SERVICE_USERNAME = 'admin';
export const SERVICE_PASSWORD = randomBytes(18).toString('base64url');

/** Spawns `command` with its output kept in memory (never inherited: uvu's report stays readable). */
export function spawnChild(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => output.push(line));
  createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
  return { child, output };
}

/**
 * Starts a generated service with `node --import tsx/esm src/server.ts` on ports the system picks
 * (PORT=0), on `databaseUrl`, and resolves once its management port answers /health/ready.
 */
export async function startService(
  dir: string,
  databaseUrl: string,
  authMode: 'writes' | 'all' | 'off',
  extraEnv: Record<string, string> = {},
): Promise<RunningService> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: '0',
    MANAGEMENT_PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    AUTH_MODE: authMode,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    AUTH_USERNAME: SERVICE_USERNAME,
    AUTH_PASSWORD: SERVICE_PASSWORD,
    // The suite asks for several tokens; the default limit (10 a minute) is not what it tests.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...extraEnv,
  };
  const started = spawnChild(process.execPath, ['--import', 'tsx/esm', 'src/server.ts'], dir, env);
  return stopOnFailure(started, async () => {
    const what = `${dir} (AUTH_MODE=${authMode})`;
    const ports = await waitUntil(`${what} listening`, started, 30_000, () => listeningPorts(started.output));
    const management = `http://127.0.0.1:${ports.management}`;
    await waitUntil(`${what} ready`, started, 30_000, async () => (await fetch(`${management}/health/ready`)).status === 200);
    return { ...started, api: `http://127.0.0.1:${ports.service}` };
  });
}

/** Runs `wait` for a child just spawned; if it fails, stops the child before passing the error on. */
export async function stopOnFailure<T>(started: Child, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    await stopChild(started);
    throw error;
  }
}

function listeningPorts(output: string[]): { service: number; management: number } | undefined {
  const ports: Record<string, number> = {};
  for (const line of output) {
    try {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'service listening' && entry.port) ports.service = entry.port;
      if (entry.msg === 'management listening' && entry.port) ports.management = entry.port;
    } catch {
      // not a log line of the service
    }
  }
  return ports.service && ports.management ? { service: ports.service, management: ports.management } : undefined;
}

/**
 * Polls `check` every 100 ms until it returns a value other than undefined/false, failing early
 * when the child exits and after `timeoutMs`, with the child's output in the message.
 */
export async function waitUntil<T>(what: string, running: Child, timeoutMs: number, check: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (running.child.exitCode !== null || running.child.signalCode !== null) {
      throw new Error(`${what}: the process exited (${running.child.exitCode ?? running.child.signalCode}):\n${running.output.slice(-30).join('\n')}`);
    }
    const result = await Promise.resolve().then(check).catch(() => undefined);
    if (result !== undefined && result !== false) return result;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms:\n${running.output.slice(-30).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM to this one PID, SIGKILL after 10 s, and resolves when the process has exited. */
export async function stopChild(running: Child | undefined): Promise<void> {
  if (!running) return;
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Creates a database of a unique name on the server of `serverUrl` and returns its URL and name. */
export async function createDatabase(serverUrl: string, prefix: string): Promise<{ url: string; name: string }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, name };
}

/** Drops a database this suite created; every service using it must have exited. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `drop database if exists ${name}`);
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
