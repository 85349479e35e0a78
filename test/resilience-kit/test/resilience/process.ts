import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import type { Test } from 'uvu';
import * as assert from 'uvu/assert';

import type { Service } from '../support/helpers.js';
import { AUTH_ENV } from '../support/tokens.js';

/** The project folder, so the server starts the same from whatever folder the tests run in. */
export const projectDir = fileURLToPath(new URL('../..', import.meta.url));

export type LogEntry = { level?: number; msg?: string; host?: string; port?: number; attempt?: number; retryInMs?: number; requestId?: string };

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  /** What the process wrote to stderr alone (Node.js prints its warnings there). */
  stderr: string;
}

export interface Started {
  child: ChildProcess;
  servicePort: number;
  managementPort: number;
  exit: Promise<Exit>;
  /** Every JSON log line so far, parsed (the Spawned's). */
  logs: LogEntry[];
}

export interface Spawned {
  child: ChildProcess;
  /** Every JSON log line so far, parsed. */
  logs: LogEntry[];
  /** Resolves once the process logs "ready"; rejects when it exits first. */
  started: Promise<Started>;
  exit: Promise<Exit>;
}

/**
 * Runs the service as `npm start` does (or `script`, e.g. dist/server.js for the compiled build)
 * on ephemeral ports and the default host, with the test credentials and only the given
 * environment: the embedded database in dataDir unless `env` sets DATABASE_URL. With script
 * 'npm start', npm itself runs it, in a process group of its own (kill it with killGroup).
 */
export function spawnServer(dataDir: string, env: Record<string, string> = {}, script = 'src/server.ts'): Spawned {
  const options: SpawnOptions = {
    cwd: projectDir,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      MANAGEMENT_PORT: '0',
      LOG_LEVEL: 'info',
      ...AUTH_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  const loader = script.endsWith('.ts') ? ['--import', 'tsx/esm'] : [];
  const child =
    script === 'npm start'
      ? spawn('npm', ['start', '--silent'], { ...options, detached: true })
      : spawn(process.execPath, [...loader, script], options);
  let output = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exit: Spawned['exit'] = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, output, stderr })));
  const logs: LogEntry[] = [];
  const started = new Promise<Started>((resolve, reject) => {
    const ports: Record<string, number> = {};
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      const entry = JSON.parse(line) as LogEntry;
      logs.push(entry);
      if (entry.msg === 'service listening') ports.service = entry.port!;
      if (entry.msg === 'management listening') ports.management = entry.port!;
      if (entry.msg === 'ready') resolve({ child, servicePort: ports.service!, managementPort: ports.management!, exit, logs });
    });
    exit.then(({ code, signal }) => reject(new Error(`server exited with ${code ?? signal} before ready:\n${output}`)));
  });
  // A process expected to fail never gets ready: keep that rejection from going unhandled.
  started.catch(() => undefined);
  return { child, logs, started, exit };
}

/** Resolves once the process's stdout has closed: every line it wrote has been read (exit can come first). */
export async function outputRead(child: ChildProcess): Promise<void> {
  if (!child.stdout!.closed) await once(child.stdout!, 'close');
}

/** SIGKILL to the process group of a server spawned with 'npm start': npm and the service at once. */
export function killGroup(child: ChildProcess): void {
  process.kill(-child.pid!, 'SIGKILL');
}

/** A new empty data folder for each suite's processes (read it in the tests), removed after the suite. */
export function useDataDir(suite: Test): () => string {
  let dataDir = '';
  suite.before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'service-data-'));
  });
  suite.after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  return () => dataDir;
}

/** A spawned service as the in-process helpers (post, create, put, walk) take it: only `api`, fetch() against its service port. */
export function serviceOf(server: Started): Service {
  return { api: (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${server.servicePort}${path}`, init) } as Service;
}

/** `promise`, or a rejection naming `what` once `ms` have passed: a test that would hang fails instead. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** How a service that could not start ended: its exit code, what it wrote to stderr, the lines it logged at level fatal, and all it wrote. */
export interface Refusal {
  code: number | null;
  stderr: string;
  fatal: string[];
  output: string;
}

/** Starts the service with `env` and waits for it to give up (within a minute). */
export async function refusal(dataDir: string, env: Record<string, string>): Promise<Refusal> {
  const spawned = spawnServer(dataDir, env);
  const { code, output, stderr } = await within(60_000, 'the service exits', spawned.exit);
  const fatal = spawned.logs.filter((entry) => entry.level === 60).map((entry) => entry.msg ?? '');
  return { code, stderr, fatal, output };
}

/** The service exited 1 after writing exactly `line` to stderr, whatever the cause: no fatal JSON line, no stack trace anywhere. */
export function assertRefused({ code, stderr, fatal, output }: Refusal, line: string): void {
  assert.is(code, 1, output);
  assert.is(stderr, `${line}\n`, output);
  assert.equal(fatal, [], output);
  assert.not.match(output, /\n\s+at /, 'no stack trace');
}
