import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

import pg from 'pg';

export const root = new URL('..', import.meta.url).pathname;
export const bin = join(root, 'bin/create-item-service.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI with no TTY on stdin (as in CI), in `cwd`. */
export function runCli(args: string[], cwd: string = tempDir()): CliResult {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    input: '',
    timeout: 20_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'create-item-service-test-'));
}

/** Every file below `dir` as a map of relative path -> content, skipping installed and runtime folders and the local .env. */
export function readTree(dir: string, skip: string[] = ['node_modules', 'data', 'dist', 'bench/results.json', '.env']): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !skip.some((folder) => path === folder || path.startsWith(`${folder}/`)))
    .sort();
  return new Map(files.map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Drops and creates a database on the server of DATABASE_URL, so that each service's suite starts
 * from nothing (separate services never share a migrations table), and returns its URL.
 */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}
