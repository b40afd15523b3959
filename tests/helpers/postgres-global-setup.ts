import type { TestProject } from 'vitest/node';
import { startPostgres, type PostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server of the "postgres" test project. */
    postgresUrl: string;
  }
}

let server: PostgresServer | undefined;

/**
 * Global setup of the vitest project "postgres": starts a throw-away PostgreSQL cluster (installed with apt-get when
 * missing) and hands its admin URL to the test processes (tests/helpers/postgres-setup.ts). A failure fails the run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server?.stop();
}
