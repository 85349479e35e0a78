import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../src/data-dir-lock.js';

/** The id of a process that has already exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid!;
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
