import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildFundSchema, loadFundTypeDefs } from './fund-schema';
import { FUND_SCHEMA_FILE, printFundSchema } from './print-fund-schema';

describe('the fund API schema (decision 0053)', () => {
  const base = loadFundTypeDefs();

  it('refuses to build when a root field declares no scope or an unknown one', () => {
    expect(() => buildFundSchema([...base, 'extend type Query { secret: Int }'], [])).toThrow(/Query\.secret/);
    expect(() => buildFundSchema([...base, 'extend type Query { secret: Int @scope(requires: "members:everything") }'], [])).toThrow(/Query\.secret/);
    expect(() => buildFundSchema([...base, 'type Mutation { change: Int }'], [])).toThrow(/Mutation\.change/);
    expect(() => buildFundSchema([...base, 'type Thing { x: Int @scope(requires: "nope") } extend type Query { thing: Thing @scope(requires: "members:read") }'], [])).toThrow(
      /Thing\.x/,
    );
    expect(() => buildFundSchema([...base, 'extend type Query { fine: Int @scope(requires: "members:read") }'], [])).not.toThrow();
  });

  it('schema/fund.graphql is the printed schema of today (run `npm run fund:schema` after changing an area SDL)', () => {
    expect(readFileSync(FUND_SCHEMA_FILE, 'utf8')).toBe(printFundSchema());
  });
});
