import { buildSchema, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildFundSchema, declaredScope, loadFundTypeDefs } from './fund-schema';
import { printFundSchema } from './print-fund-schema';

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

  it('prints for integrators every root field with its description and declared scope', () => {
    const printed = buildSchema(printFundSchema());
    const served = buildFundSchema();
    for (const root of ['Query', 'Mutation'] as const) {
      const fields = Object.values((served.getType(root) as GraphQLObjectType).getFields());
      expect(fields.length).toBeGreaterThan(0);
      const printedFields = (printed.getType(root) as GraphQLObjectType).getFields();
      for (const field of fields) {
        expect(printedFields[field.name], `${root}.${field.name}`).toBeDefined();
        expect(declaredScope(printedFields[field.name]!), `${root}.${field.name}`).toBe(declaredScope(field));
        expect(printedFields[field.name]!.description, `${root}.${field.name}`).toBe(field.description);
      }
    }
  });
});
