import { defineConfig } from 'vitest/config';

/**
 * Unit and server-integration tests. Browser tests are Playwright's (tests/e2e, playwright.config.ts).
 * Integration tests start the real server on 127.0.0.1 with a port chosen at run time and a fresh SQLite file.
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/durability/**/*.test.ts', 'tests/security/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.ts', 'db/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
