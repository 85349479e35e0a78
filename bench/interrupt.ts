/**
 * What a bench undoes when it is stopped (Ctrl-C, or SIGTERM from a CI timeout): the servers it
 * started, the databases and folders it made. A signal first stops the servers; the bench's
 * requests then fail, and its own finally blocks drop its databases and remove its copies as on
 * any failure. Whatever they have not released within GRACE_MS is undone here.
 */
import type { ChildProcess } from 'node:child_process';

import { stop } from '../examples/product-service/bench/processes.js';

const GRACE_MS = 20_000;
const children = new Set<ChildProcess>();
const held = new Set<() => unknown>();
let listening = false;
let stopping = false;

/** A child process held until it exits: stopped by its PID on SIGINT or SIGTERM. */
export function holdChild<T extends ChildProcess>(child: T): T {
  listen();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Holds `undo` until the returned release is called; a stopped bench that has not released it by then runs it. */
export function holdUntilReleased(undo: () => unknown): () => void {
  listen();
  held.add(undo);
  return () => held.delete(undo);
}

function listen(): void {
  if (listening) return;
  listening = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) process.on(signal, () => void interrupted(signal, code));
}

async function interrupted(signal: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.error(`\n${signal}: stopping the bench's servers; its databases and copies go next`);
  process.once('exit', () => {
    process.exitCode = code;
  });
  await Promise.all([...children].map((child) => stop(child)));
  setTimeout(() => void undoTheRest(code), GRACE_MS).unref();
}

async function undoTheRest(code: number): Promise<void> {
  for (const undo of [...held].reverse()) {
    try {
      await undo();
    } catch (error) {
      console.error(`  could not undo: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(code);
}
