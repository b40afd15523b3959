/**
 * Floor of `npm run bench`: a minimal graphql-yoga server with one `hello: String` field, with the same Yoga
 * options as the portal where they matter for speed (server/graphql/yoga.ts: `YOGA_SPEED_OPTIONS` and the
 * `nodeHandler` entry that reads POST bodies), behind the same kind of node:http server. The gap between
 * this and the raw node:http server is what the framework costs per request before any resolver runs. Prints
 * `LISTENING <port>` when ready.
 */
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
import { nodeHandler, YOGA_SPEED_OPTIONS } from '../server/graphql/yoga';
import { listenForBench } from './listen-child';

const yoga = createYoga({
  ...YOGA_SPEED_OPTIONS,
  schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } }),
  graphqlEndpoint: '/graphql',
  landingPage: false,
  graphiql: false,
  logging: false,
});

const handle = nodeHandler<Record<string, never>>(yoga);
const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  handle(req, res, {}).catch(() => res.destroy());
});
listenForBench(server);
