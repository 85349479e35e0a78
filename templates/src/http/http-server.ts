import { createServer, type Server } from 'node:http';
import { Server as NetServer } from 'node:net';

import type Koa from 'koa';

import type { Config } from '../config.js';

/** Largest request head (request line plus headers) in bytes; more is answered 431. */
export const MAX_HEADER_SIZE = 16 * 1024;

export type ServerLimits = Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'>;

/**
 * A node:http server for a Koa app with bounds against slow or abusive clients: headers must
 * arrive within headersTimeoutMs and the whole request within requestTimeoutMs (else 408 and
 * the socket is closed), idle keep-alive sockets close after keepAliveTimeoutMs, and a head
 * over MAX_HEADER_SIZE is answered 431. Once draining, every response says Connection: close.
 */
export function createHttpServer(app: Koa, limits: ServerLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      maxHeaderSize: MAX_HEADER_SIZE,
      // Node checks the two timeouts every 30 s by default: far too coarse for a 10 s bound.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(limits.headersTimeoutMs / 4)),
    },
    app.callback(),
  );
  server.on('request', (_request, response) => {
    if (draining.has(server)) response.setHeader('Connection', 'close');
  });
  return server;
}

const draining = new WeakSet<Server>();

// A keep-alive connection between two requests counts as idle; a request already sent on it may
// be in flight. Closing it then resets that request, so only connections still idle after this grace close.
const IDLE_GRACE_MS = 250;

/**
 * Stops accepting connections and resolves once every connection has closed. Requests in flight
 * finish and are answered with Connection: close; connections idle for IDLE_GRACE_MS are closed.
 */
export function drain(server: Server): Promise<void> {
  draining.add(server);
  return new Promise((resolve, reject) => {
    // net.Server's close, not http.Server's: the latter destroys idle keep-alive sockets at once,
    // racing with requests the clients have already sent on them (they would see a reset).
    NetServer.prototype.close.call(server, (error?: Error) => (error ? reject(error) : resolve()));
    setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS).unref();
  });
}

/**
 * One line for a port this process cannot listen on, naming the variable to change, or
 * undefined for any other error.
 */
export function listenRefusal(error: unknown, variable: string, port: number, host: string): string | undefined {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is in use by another process: stop it, or set ${variable} to a free port`;
    case 'EACCES':
      return `port ${port} needs privileges this process does not have: set ${variable} to a port above 1023`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} does not resolve to an address: set HOST to an address of this machine, or 0.0.0.0 for all of them`;
    default:
      return undefined;
  }
}
