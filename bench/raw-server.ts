/**
 * Baseline of `npm run bench`: a bare node:http server that reads the request body and answers the fixed bytes
 * of BENCH_BODY_FILE (the portal's real dashboard answer) as JSON. It shows what one core can do for a request of
 * the same shape when no framework, no database and no GraphQL run. Prints `LISTENING <port>` when ready.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { listenForBench } from './listen-child';

const bodyFile = process.env.BENCH_BODY_FILE;
if (!bodyFile) {
  process.stderr.write('raw-server: BENCH_BODY_FILE is not set\n');
  process.exit(2);
}
const body = readFileSync(bodyFile);
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length), 'Cache-Control': 'no-store' };

const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  req.on('end', () => res.writeHead(200, headers).end(body));
  req.resume();
});
listenForBench(server);
