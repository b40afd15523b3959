import { buildSchema, getNamedType, isInputObjectType, isObjectType, validate, type GraphQLArgument, type GraphQLInputField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadTypeDefs } from '../../server/graphql/member-sdl';
import { LOGIN_PRODUCT_METHOD, REST_METHODS } from '../../server/rest/registry';
import { MATRIX_DOORS, NO_OBJECT_ID } from './access-matrix.registry';

/**
 * The cross-member access matrix (tests/security/access-matrix.test.ts) is complete: every id-like GraphQL argument
 * and input field, every REST body key of that kind, and every root operation or REST method with arguments is a door
 * of access-matrix.registry.ts or on its NO_OBJECT_ID list; and every door's GraphQL operation is valid against the
 * schema. No server: the schema files and the REST registry only.
 */
describe('access matrix: completeness', () => {
  const schema = buildSchema(loadTypeDefs().join('\n'));
  const known = new Set([...MATRIX_DOORS.flatMap((d) => d.covers), ...Object.keys(NO_OBJECT_ID)]);
  const idLike = (x: GraphQLArgument | GraphQLInputField) => getNamedType(x.type).name === 'ID' || /^id$|Id$|^stichtag$|^vrg$/i.test(x.name);

  it('lists every GraphQL argument and input field that names an object, and every root operation with arguments', () => {
    const found: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      if (isObjectType(type)) {
        const root = type.name === 'Query' || type.name === 'Mutation';
        for (const field of Object.values(type.getFields())) {
          if (root && field.args.length > 0) found.push(`${type.name}.${field.name}`);
          for (const arg of field.args) if (idLike(arg)) found.push(`${type.name}.${field.name}(${arg.name}:)`);
        }
      }
      if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) if (idLike(field)) found.push(`${type.name}.${field.name}`);
    }
    expect(found.length).toBeGreaterThan(5);
    expect(
      found.filter((c) => !known.has(c)),
      'add each to MATRIX_DOORS or NO_OBJECT_ID in tests/security/access-matrix.registry.ts',
    ).toEqual([]);
  });

  it('lists every REST method that takes a body, and every body key that names an object', () => {
    const found: string[] = [];
    for (const method of [...REST_METHODS, LOGIN_PRODUCT_METHOD]) {
      const keys = method.input instanceof z.ZodObject ? Object.keys(method.input.shape) : [];
      if (keys.length > 0) found.push(`rest:${method.name}`);
      for (const key of keys) if (/^id$|Id$|^stichtag$|^vrg$/i.test(key)) found.push(`rest:${method.name}.${key}`);
    }
    expect(found).toContain('rest:setSelectedAspDuty.id');
    expect(
      found.filter((c) => !known.has(c)),
      'add each to MATRIX_DOORS or NO_OBJECT_ID in tests/security/access-matrix.registry.ts',
    ).toEqual([]);
  });

  it('keeps every door’s GraphQL request valid against the schema', () => {
    for (const door of MATRIX_DOORS) {
      const request = door.request(door.missing);
      if (request.kind === 'graphql')
        expect(
          validate(schema, request.document).map((e) => e.message),
          door.name,
        ).toEqual([]);
    }
  });
});
