import type { GraphQLObjectType } from 'graphql';
import { buildSchema, isNonNullType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { answeredTypes, loadTypeDefs } from './member-sdl';

describe('answeredTypes (@answeredAs, server/graphql/base.graphql)', () => {
  const base = 'directive @answeredAs(type: String!, description: String) on INPUT_OBJECT\nscalar Date\n';

  it('derives an output type with the input’s fields, types and descriptions, without defaults', () => {
    const sdl = answeredTypes([
      base,
      'input PlanInput @answeredAs(type: "Plan", description: "As answered.") { """Start, ISO.""" start: Date! rate: Float = 2.5 tags: [String!] }',
    ]);
    const schema = buildSchema(`${base}${'input PlanInput { start: Date! rate: Float tags: [String!] }'}\n${sdl}\ntype Query { plan: Plan }`);
    const plan = schema.getType('Plan') as GraphQLObjectType;
    expect(plan.description).toBe('As answered.');
    const fields = plan.getFields();
    expect(Object.keys(fields)).toEqual(['start', 'rate', 'tags']);
    expect(fields.start!.description).toBe('Start, ISO.');
    expect(isNonNullType(fields.start!.type)).toBe(true);
    expect(String(fields.rate!.type)).toBe('Float');
    expect(String(fields.tags!.type)).toBe('[String!]');
  });

  it('derives nothing without the directive, and refuses one without a type', () => {
    expect(answeredTypes([base, 'input A { x: Int }'])).toBe('');
    expect(() => answeredTypes([base, 'input A @answeredAs(description: "d") { x: Int }'])).toThrow(/@answeredAs on A names no type/);
  });

  it('gives the members’ schema CalculatorInputs with every field of ProjectPensionInput', () => {
    const schema = buildSchema(loadTypeDefs().join('\n'));
    const input = schema.getType('ProjectPensionInput') as unknown as { getFields(): Record<string, { type: unknown }> };
    const output = schema.getType('CalculatorInputs') as GraphQLObjectType;
    const shape = (fields: Record<string, { type: unknown }>) => Object.entries(fields).map(([name, f]) => [name, String(f.type)]);
    expect(shape(output.getFields())).toEqual(shape(input.getFields()));
    expect(Object.keys(output.getFields())).toHaveLength(22);
  });
});
