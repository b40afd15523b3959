import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isIsoDate } from '@contract/dates';
import transport from '@contract/i18n/de/transport.json';

/** `Date`: ISO calendar date `YYYY-MM-DD` (server/graphql/base.graphql). Invalid input is a GraphQL validation error. */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  serialize: (value) => String(value),
  parseValue(value) {
    if (typeof value !== 'string' || !isIsoDate(value)) throw new GraphQLError(transport.dateFormat);
    return value;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || !isIsoDate(ast.value)) throw new GraphQLError(transport.dateFormat);
    return ast.value;
  },
});

/** `Money`: integer euro cents (server/graphql/base.graphql). */
export const MoneyScalar = new GraphQLScalarType<number, number>({
  name: 'Money',
  serialize(value) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new GraphQLError(transport.moneySerialize);
    return value;
  },
  parseValue(value) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new GraphQLError(transport.moneyCents);
    return value;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT) throw new GraphQLError(transport.moneyCents);
    const n = Number(ast.value);
    if (!Number.isSafeInteger(n)) throw new GraphQLError(transport.moneyCents);
    return n;
  },
});
