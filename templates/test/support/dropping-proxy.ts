import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface DroppingProxy {
  port: number;
  /** Connections whose answer was dropped so far. */
  dropped(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target`. For each connection `drop(n)` says (n counts
 * from 0) whether to cut it once the answer starts to arrive: the request was forwarded and
 * handled, but the client never learns how.
 */
export async function dropAnswers(target: number, drop: (connection: number) => boolean): Promise<DroppingProxy> {
  let connections = 0;
  let dropped = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const cut = drop(connections++);
    const upstream = connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (!cut) {
        client.write(chunk);
        return;
      }
      if (!client.destroyed) dropped++;
      client.destroy();
      upstream.destroy();
    });
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    dropped: () => dropped,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
