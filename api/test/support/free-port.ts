import net from 'node:net';

/**
 * A port nothing listens on now, as the kernel picks it (listen on 0, then close). Never a random
 * number in the ephemeral range: while the suite runs, such a port is often held by a client's
 * connection or its TIME_WAIT, and a server binding it fails with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}
