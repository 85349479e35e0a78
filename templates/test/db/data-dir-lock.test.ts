import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../src/db/data-dir-lock.js';

/** The id of a process that has already exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid!;
}

/** Linux only: /proc/<pid>/stat is how the lock tells a zombie from a live process. */
const PROC = existsSync('/proc/self/stat');

/** The state letter of a process (R, S, Z...), read after the command name, which may hold ')'. */
async function stateOf(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

/**
 * A zombie and the process keeping it one: `sleep 1` in the background, then the shell becomes
 * `sleep 30` (exec), which never waits for its child. The child outlives the exec by a second,
 * so the shell cannot reap it first. Node would reap its own children itself.
 */
async function zombie(): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
  const pid = Number(line.toString().trim());
  for (let tries = 0; (await stateOf(pid)) !== 'Z'; tries++) {
    if (tries > 500) throw new Error(`process ${pid} did not become a zombie`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { pid, parent };
}

const test = suite('data folder lock');
let dataDir = '';
test.before.each(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'data-dir-lock-'));
});
test.after.each(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const lockFile = () => join(dataDir, LOCK_FILE);

test('records our process id, and release removes it', async () => {
  const release = await lockDataDir(dataDir);
  assert.is(await readFile(lockFile(), 'utf8'), `${process.pid}\n`);
  await release();
  await lockDataDir(dataDir).then((again) => again());
});

test('a lock held by a running process is refused, naming the process', async () => {
  await writeFile(lockFile(), `${process.ppid}\n`);
  const error = await lockDataDir(dataDir).catch((caught: Error) => caught);
  assert.instance(error, DataDirInUseError);
  assert.is((error as Error).message, `data folder ${dataDir} is in use by another process (pid ${process.ppid})`);
  assert.is(await readFile(lockFile(), 'utf8'), `${process.ppid}\n`, 'the lock is left alone');
});

test('a second lock in the same process is refused', async () => {
  const release = await lockDataDir(dataDir);
  try {
    const error = await lockDataDir(dataDir).catch((caught: Error) => caught);
    assert.is((error as Error).message, `data folder ${dataDir} is in use by this process`);
  } finally {
    await release();
  }
});

test('the lock of a process that is gone is taken over at once', async () => {
  await writeFile(lockFile(), `${deadPid()}\n`);
  const release = await lockDataDir(dataDir);
  assert.is(await readFile(lockFile(), 'utf8'), `${process.pid}\n`);
  await release();
});

test('the lock of a zombie (killed, never reaped) is taken over at once', async () => {
  if (!PROC) return;
  const { pid, parent } = await zombie();
  try {
    assert.is(await stateOf(pid), 'Z');
    await writeFile(lockFile(), `${pid}\n`);
    const release = await lockDataDir(dataDir);
    assert.is(await readFile(lockFile(), 'utf8'), `${process.pid}\n`);
    await release();
  } finally {
    parent.kill('SIGKILL');
  }
});

test('a running process whose command name holds ") Z (" is still refused', async () => {
  if (!PROC) return;
  // The kernel names a process after the file it ran: here a link to sleep.
  const sleep = join(dataDir, 'x) Z (y');
  await symlink(spawnSync('sh', ['-c', 'command -v sleep'], { encoding: 'utf8' }).stdout.trim(), sleep);
  const child = spawn(sleep, ['30'], { stdio: 'ignore' });
  try {
    await once(child, 'spawn');
    assert.match(await readFile(`/proc/${child.pid}/stat`, 'utf8'), `(x) Z (y) `);
    await writeFile(lockFile(), `${child.pid}\n`);
    const error = await lockDataDir(dataDir).catch((caught: Error) => caught);
    assert.instance(error, DataDirInUseError);
  } finally {
    child.kill('SIGKILL');
  }
});

test('a lock with our own process id that we do not hold is a leftover (a container restarts as PID 1)', async () => {
  await writeFile(lockFile(), `${process.pid}\n`);
  await lockDataDir(dataDir).then((release) => release());
});

test('a lock file without a process id is refused with what to do', async () => {
  await writeFile(lockFile(), 'garbage');
  const error = await lockDataDir(dataDir).catch((caught: Error) => caught);
  assert.is((error as Error).message, `${lockFile()} holds no process id: delete it if no service uses data folder ${dataDir}`);
});

test('release leaves a lock that another process took over', async () => {
  const release = await lockDataDir(dataDir);
  await writeFile(lockFile(), `${process.ppid}\n`);
  await release();
  assert.is(await readFile(lockFile(), 'utf8'), `${process.ppid}\n`);
});

test.run();
