/** Starting and stopping the servers a benchmark measures: free ports, readiness, exit. */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls url every 50 ms until it answers 200, at most 30 s; throws if the process exits first. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 30_000; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before ${url} answered`);
    if (
      (await fetch(url).then(
        (response) => response.status,
        () => 0,
      )) === 200
    )
      return;
  }
  throw new Error(`${url} did not answer 200 within 30 s`);
}

/** SIGTERM by PID, SIGKILL if it has not exited within 10 s; resolves once the process has exited. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(kill);
}
