/**
 * The generated peers of bench/peers (see its README): other stacks' own scaffolds answering the
 * item contract on the same PostgreSQL. Each has its own package.json and lockfile, installed
 * into its own node_modules (never the root install) on first use, built, and run with node.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { freePort, stop, waitFor } from '../examples/product-service/bench/processes.js';

import { holdChild } from './interrupt.js';
import type { Target } from './targets.js';

const peers = new URL('peers/', import.meta.url).pathname;

/** Name, folder under bench/peers, the npm script that builds it and the entry point it builds. */
export const PEERS = [
  { name: 'NestJS + TypeORM', folder: 'nestjs-typeorm', build: 'build', main: 'dist/main.js' },
  { name: 'Feathers + knex', folder: 'feathers-knex', build: 'compile', main: 'lib/index.js' },
] as const;

function npm(folder: string, ...args: string[]): void {
  const result = spawnSync('npm', ['--prefix', join(peers, folder), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} in bench/peers/${folder} failed (${result.status})`);
}

/** Installs (once: npm ci) and builds every peer. */
export function preparePeers(): void {
  for (const { folder, build } of PEERS) {
    if (!existsSync(join(peers, folder, 'node_modules'))) npm(folder, 'ci', '--no-audit', '--no-fund');
    npm(folder, 'run', build);
  }
}

/** A built peer on databaseUrl, whose table the example's migrations created. */
export async function startPeer({ name, folder, main }: (typeof PEERS)[number], databaseUrl: string): Promise<Target> {
  const port = await freePort();
  const child = holdChild(
    spawn(process.execPath, [main], {
      cwd: join(peers, folder),
      // HOSTNAME: where Feathers listens (its config maps it); Nest listens on 127.0.0.1 itself.
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOSTNAME: '127.0.0.1', NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/products?pageSize=1`, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { name, url, child, headers: {} };
}
