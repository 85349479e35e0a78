/**
 * The one way the generator's tests start a server process, pick a port and wait for something:
 * `spawnServer`, `freePort` and `until`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  /** Every line the process printed so far, stdout and stderr interleaved. */
  readonly lines: string[];
  alive(): boolean;
  /**
   * Sends `signal` to the process group (npm runs the service as its child) and waits up to
   * `graceMs` for the exit, then kills the group. Resolves to the exit code.
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

/**
 * Starts a long-running process in its own process group, collecting its output line by line
 * (`onLine` sees each line as it comes, e.g. to read the ports a service logs).
 */
export function spawnServer(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; onLine?: (line: string) => void },
): ServerProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      options.onLine?.(line);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid ?? 0), signal);
    } catch {
      // The group is gone already.
    }
  };
  return {
    child,
    lines,
    alive,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (!alive()) return child.exitCode;
      signalGroup(signal);
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Polls `check` every `intervalMs` until it returns true (a check that throws counts as false)
 * and resolves to the elapsed milliseconds; throws after `timeoutMs`, or at once when the
 * `server` given has exited (with the end of its output).
 */
export async function until(
  what: string,
  timeoutMs: number,
  check: () => Promise<boolean> | boolean,
  options: { server?: ServerProcess; intervalMs?: number } = {},
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return Math.round(performance.now() - started);
    const { server } = options;
    if (server && !server.alive()) {
      throw new Error(`${what}: the process exited with ${server.child.exitCode}:\n${server.lines.slice(-30).join('\n')}`);
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
