/**
 * The load client of the root bench: wrk (Debian's, written in C), so the client takes a small
 * share of a 2-core machine's CPU and the servers have the rest. A run's requests are formatted
 * once into a Lua table that wrk's one thread cycles through; its summary comes back as JSON
 * from the script's `done`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Request } from '../examples/product-service/bench/load.js';

export interface Load {
  connections: number;
  seconds: number;
}

/** What one wrk run measured. */
export interface Run {
  requests: number;
  seconds: number;
  /** Latency percentiles of the run, in ms. */
  p50: number;
  p95: number;
  p99: number;
  /** Connect, read, write errors and timeouts. */
  errors: number;
  /** Answers with a status of 400 or more (wrk counts no others). */
  non2xx: number;
}

/** A Lua string literal: JSON's quoting is Lua's for printable ASCII, all the bench sends. */
function lua(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`bench/wrk.ts sends printable ASCII only, not ${JSON.stringify(text)}`);
  return JSON.stringify(text);
}

/**
 * The script: the requests in a table, taken in turn; `done` prints the summary as one JSON line.
 * They are formatted in `init`, once wrk has set the Host header that wrk.format adds.
 */
function script(requests: Request[]): string {
  const formatted = requests.map(({ method, path, headers = {}, body }) => {
    const fields = Object.entries(headers).map(([name, value]) => `[${lua(name)}] = ${lua(value)}`);
    return `wrk.format(${lua(method)}, ${lua(path)}, { ${fields.join(', ')} }${body === undefined ? '' : `, ${lua(body)}`})`;
  });
  return `
local requests
local n = 0
init = function()
  requests = { ${formatted.join(',\n')} }
end
request = function()
  n = n % #requests + 1
  return requests[n]
end
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"micros":%d,"p50":%d,"p95":%d,"p99":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;
}

/** One wrk run of `requests` (taken in turn, again and again) against url, on one thread. */
export async function wrk(url: string, requests: Request[], { connections, seconds }: Load): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const file = join(dir, 'requests.lua');
    writeFileSync(file, script(requests));
    const { stdout } = await promisify(execFile)('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', file, url], {
      maxBuffer: 1 << 20,
    });
    const summary = JSON.parse(stdout.trim().split('\n').at(-1)!) as Omit<Run, 'seconds'> & { micros: number };
    const ms = (micros: number) => Math.round(micros / 100) / 10;
    return { requests: summary.requests, seconds: summary.micros / 1e6, p50: ms(summary.p50), p95: ms(summary.p95), p99: ms(summary.p99), errors: summary.errors, non2xx: summary.non2xx };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
