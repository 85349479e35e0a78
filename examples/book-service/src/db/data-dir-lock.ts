import { link, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The lock file in the data folder; like PostgreSQL's postmaster.pid it holds the owner's process id. */
export const LOCK_FILE = 'service.pid';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Folders this process holds, so that it refuses to open one twice. */
const held = new Set<string>();

/**
 * Locks the embedded database's data folder for this process: PGlite has no lock of its own,
 * and two processes on one folder silently lose rows. The lock file records the owner's process
 * id. A live owner is refused with a DataDirInUseError; a lock whose process is gone (SIGKILL,
 * crash, reboot) or is a zombie is taken over at once, as PostgreSQL does with postmaster.pid. Resolves with
 * the function that releases the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  const folder = resolve(dataDir);
  if (held.has(folder)) throw inUse(dataDir, process.pid);
  // A few tries: the lock may be released, or a dead owner's lock removed, between two of them.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await create(path)) {
      held.add(folder);
      return async () => {
        held.delete(folder);
        // Only our own lock: never delete one that another process took over.
        if ((await readLock(path)) === `${process.pid}\n`) await rm(path, { force: true });
      };
    }
    const recorded = await readLock(path);
    if (recorded === undefined) continue;
    if (!/^\d+\n$/.test(recorded)) {
      throw new DataDirInUseError(`${path} holds no process id: delete it if no service uses data folder ${dataDir}`);
    }
    const pid = Number(recorded.trim());
    // Our own PID in a lock we do not hold is a leftover too: in a container the service restarts as PID 1.
    if (pid !== process.pid && (await isRunning(pid))) throw inUse(dataDir, pid);
    // The owner is gone. (Two processes starting in the same instant could both get here; as
    // with postmaster.pid, that window is accepted.)
    await rm(path, { force: true });
  }
  // Other processes kept taking the lock between our tries.
  throw inUse(dataDir, undefined);
}

/**
 * Creates the lock file with our PID, atomically: written under a name of its own, then linked
 * to the lock name, so no other process ever reads it empty. False when it already exists.
 */
async function create(path: string): Promise<boolean> {
  const staging = `${path}.${process.pid}`;
  await writeFile(staging, `${process.pid}\n`);
  try {
    await link(staging, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(staging);
  }
}

/** The lock file's text; undefined when there is none. */
async function readLock(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/**
 * Whether the process runs. Signal 0 checks that a process id exists without touching the
 * process (EPERM: it exists under another user), but a zombie's id exists too: a killed process
 * whose parent died stays one until PID 1 reaps it, and a container's PID 1 may never do so.
 * On Linux its state in /proc tells: Z (zombie) and X (dead) hold no data folder.
 */
async function isRunning(pid: number): Promise<boolean> {
  // Unreadable (no /proc off Linux, a process hidden by hidepid, or none): signal 0 decides.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat !== undefined) return !['Z', 'X'].includes(processState(stat));
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The state letter of a /proc/<pid>/stat line, `pid (command) state ...`: read after the last
 * ')', since the command name may itself hold spaces and parentheses.
 */
function processState(stat: string): string {
  return stat
    .slice(stat.lastIndexOf(')') + 1)
    .trimStart()
    .charAt(0);
}

function inUse(dataDir: string, pid: number | undefined): DataDirInUseError {
  if (pid === process.pid) return new DataDirInUseError(`data folder ${dataDir} is in use by this process`);
  const details = [pid === undefined ? '' : `pid ${pid}`, resolve(dataDir) === dataDir ? '' : resolve(dataDir)].filter(Boolean);
  return new DataDirInUseError(`data folder ${dataDir} is in use by another process${details.length ? ` (${details.join(', ')})` : ''}`);
}
