import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

import { AUTH_ENV } from './tokens.js';

export type LogEntry = { msg?: string; port?: number; attempt?: number; retryInMs?: number };

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

export interface Started {
  child: ChildProcess;
  servicePort: number;
  managementPort: number;
  exit: Promise<Exit>;
}

export interface Spawned {
  child: ChildProcess;
  /** Every JSON log line so far, parsed. */
  logs: LogEntry[];
  /** Resolves once the process logs "ready"; rejects when it exits first. */
  started: Promise<Started>;
  exit: Promise<Exit>;
}

/** Runs src/server.ts like `npm start` does, on 127.0.0.1 ephemeral ports and the embedded database in dataDir. */
export function spawnServer(dataDir: string, env: Record<string, string> = {}): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/server.ts'], {
    env: { PATH: process.env.PATH, DATABASE_URL: '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', MANAGEMENT_PORT: '0', LOG_LEVEL: 'info', ...AUTH_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit: Spawned['exit'] = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, output })));
  const logs: LogEntry[] = [];
  const started = new Promise<Started>((resolve, reject) => {
    const ports: Record<string, number> = {};
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      const entry = JSON.parse(line) as LogEntry;
      logs.push(entry);
      if (entry.msg === 'service listening') ports.service = entry.port!;
      if (entry.msg === 'management listening') ports.management = entry.port!;
      if (entry.msg === 'ready') resolve({ child, servicePort: ports.service!, managementPort: ports.management!, exit });
    });
    exit.then(({ code, signal }) => reject(new Error(`server exited with ${code ?? signal} before ready:\n${output}`)));
  });
  // A process expected to fail never gets ready: keep that rejection from going unhandled.
  started.catch(() => undefined);
  return { child, logs, started, exit };
}
