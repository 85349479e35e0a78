import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

import pg from 'pg';

import { main } from '../../src/cli/cli.js';

export const root = new URL('../..', import.meta.url).pathname;
export const bin = join(root, 'bin/create-item-service.js');
export const example = join(root, 'examples/product-service');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real bin in a child process with no TTY on stdin (as in CI), in `cwd`: for exit codes and streams. */
export function runBin(args: string[], cwd: string = tempDir()): CliResult {
  // uvu sets FORCE_COLOR, and Node warns on stderr when it meets NO_COLOR beside it.
  const { FORCE_COLOR, ...env } = process.env;
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', input: '', timeout: 20_000, env: { ...env, NO_COLOR: '1' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the CLI in this process through `main(argv)`, in `cwd`, without prompts, capturing what it prints. */
export async function runCli(args: string[], cwd: string = tempDir()): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const status = await main(args, {
    cwd,
    interactive: false,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { status, stdout, stderr };
}

const tempDirs: string[] = [];
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A new folder in the system's temporary folder, removed when the test process exits. */
export function tempDir(prefix = 'create-item-service-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * Every file below `dir` as a map of relative path -> content, skipping installed and runtime
 * folders, the client's types (npm install writes them) and the local .env: what git ignores (and git's own folder).
 */
export function readTree(
  dir: string,
  skip: string[] = ['.git', 'node_modules', 'tools/openapi-types/node_modules', 'data', 'dist', 'bench/results.json', '.env', 'src/client/schema.d.ts'],
): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !skip.some((folder) => path === folder || path.startsWith(`${folder}/`)))
    .sort();
  return new Map(files.map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
}

/**
 * Lets a generated project (or the example) use the root's installed packages through
 * `node_modules` symlinks, its own and its client-types tool's (tools/openapi-types, an npm
 * workspace: the root has the same one); the root declares every generated dependency with the
 * same range (a generator test checks that). A project that has its own node_modules keeps it.
 * Then it runs the project's `prepare`, as `npm install` would: it writes the client's types
 * (src/client/schema.d.ts), by default only when the project has none yet (`installProject` always).
 * The root has far more installed than a project declares: the root run checks each project it
 * links with `assertDeclaredPackages` (test/support/declared-packages.ts) first.
 */
export function linkRootModules(project: string, { alwaysPrepare = false } = {}): void {
  link(join(root, 'node_modules'), join(project, 'node_modules'));
  const tool = join(project, 'tools/openapi-types');
  if (!existsSync(tool)) return;
  link(join(root, 'tools/openapi-types/node_modules'), join(tool, 'node_modules'));
  if (!alwaysPrepare && existsSync(join(project, 'src/client/schema.d.ts'))) return;
  const prepare = spawnSync('npm', ['run', 'prepare', '--silent'], { cwd: project, encoding: 'utf8' });
  if (prepare.status !== 0) throw new Error(`npm run prepare failed in ${project}: ${prepare.stderr}${prepare.stdout}`);
}

/** What `npm install` does to a project, on the root's packages: installs them, then runs the project's `prepare`. */
export function installProject(project: string): void {
  linkRootModules(project, { alwaysPrepare: true });
}

function link(target: string, path: string): void {
  if (existsSync(path)) return;
  // A dangling link (made on another machine or path) is replaced.
  if (lstatSync(path, { throwIfNoEntry: false })) rmSync(path);
  symlinkSync(target, path, 'dir');
}

const createdDatabases: { serverUrl: string; name: string }[] = [];

/**
 * Creates a database of its own on the server of DATABASE_URL, named `prefix` plus a random
 * suffix (the server may be shared: no one else's database is touched), and returns its URL.
 * Every database made here is dropped by `dropCreatedDatabases()`, which runs before the
 * process exits.
 */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  createdDatabases.push({ serverUrl, name });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Drops the databases this process created, and nothing else; a database still in use is reported and kept. */
export async function dropCreatedDatabases(): Promise<void> {
  for (const { serverUrl, name } of createdDatabases.splice(0)) {
    try {
      await onServer(serverUrl, (client) => client.query(`drop database if exists ${name}`));
    } catch (error) {
      console.error(`could not drop the test database ${name}: ${(error as Error).message}`);
    }
  }
}
process.on('beforeExit', () => {
  if (createdDatabases.length > 0) void dropCreatedDatabases();
});

async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
