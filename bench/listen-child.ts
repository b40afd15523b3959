import type { Server } from 'node:http';

/**
 * Starts a bench child's server on 127.0.0.1 at a port the system chooses, prints `LISTENING <port>` for the parent
 * (bench/processes.ts reads it) and closes on SIGTERM or SIGINT.
 */
export function listenForBench(server: Server): void {
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
