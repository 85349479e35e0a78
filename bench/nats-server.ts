/** A nats-server with JetStream of a bench's own, on free ports, its store in a temporary folder. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort, stop, waitFor } from '../examples/book-service/bench/processes.js';

import { holdUntilReleased } from './interrupt.js';

export interface NatsServer {
  url: string;
  child: ChildProcess;
  /** Stops it by its PID and removes its store. */
  stop(): Promise<void>;
}

/** Starts one (NATS_SERVER names the binary where it is not `nats-server` on PATH) and waits until JetStream is up. */
export async function startNats(): Promise<NatsServer> {
  const [port, monitor] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'bench-nats-'));
  const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-m', String(monitor), '-sd', dir];
  const child = spawn(process.env.NATS_SERVER ?? 'nats-server', args, { stdio: 'ignore' });
  const stopped = async () => {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
    release();
  };
  const release = holdUntilReleased(stopped);
  try {
    await waitFor(`http://127.0.0.1:${monitor}/healthz?js-enabled-only=true`, child);
  } catch (error) {
    await stopped();
    throw error;
  }
  return { url: `nats://127.0.0.1:${port}`, child, stop: stopped };
}
