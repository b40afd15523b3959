import { expect } from 'vitest';
import type { FundAnswer } from '../helpers/fund-client';

/*
 * What the fund's hostile-input suites on /fund/graphql (decisions 0055 and 0058) call a clear answer of an operation
 * with a result type (`ok` or `error`).
 */

/** A stack, a path or a driver error in an answer body: what an answer must never show. */
const FUND_LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError|syntax error at/;

/** The answer of a result-typed fund operation: per operation name, `ok` or an `error` with code and message. */
export type FundResultAnswer = FundAnswer<Record<string, { ok?: unknown; error?: { code: string; message: string } | null } | null>>;

/**
 * Expects a clear answer of `operation`: 2xx/4xx, no FUND_LEAK, and either `data` with `ok` or an `error` with a
 * message, or errors that carry one of `clearCodes` (or a request error without code, message only and no data).
 */
export function expectClearResult(operation: string, answer: FundResultAnswer, clearCodes: readonly string[]): void {
  expect(answer.status, operation).toBeLessThan(500);
  expect(JSON.stringify(answer.body)).not.toMatch(FUND_LEAK);
  const errors = answer.body.errors ?? [];
  // A variable of the wrong type is a request error (GraphQL spec "Coercing Variable Values"): the message, and no
  // data because nothing ran.
  for (const e of errors) {
    if (e.extensions?.code === undefined) expect([operation, e.message, answer.body.data ?? null]).toEqual([operation, e.message, null]);
    else expect(clearCodes, `${operation}: ${e.message}`).toContain(e.extensions.code);
  }
  if (errors.length === 0) {
    const result = answer.body.data?.[operation];
    expect(result, operation).toBeTruthy();
    if (result && 'error' in result && result.error) expect(result.error.message.length).toBeGreaterThan(0);
  }
}
