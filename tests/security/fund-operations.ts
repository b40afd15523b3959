import { buildSchema, getNamedType, isInterfaceType, isObjectType, isUnionType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { declaredScope } from '../../server/fund/graphql/fund-schema';
import { printFundSchema } from '../../server/fund/graphql/print-fund-schema';

/** A root field of the fund's schema with a document selecting it and its arguments as variables. */
export interface FundRootOperation {
  coordinate: string;
  kind: 'query' | 'mutation';
  scope: string | null | undefined;
  args: string[];
  document: string;
}

/**
 * Every root field of the fund's printed schema (the areas' definitions merged, every directive; decision 0053), found
 * from the SDL so a new operation is covered without a list to keep: a document that selects it (`__typename` only),
 * its arguments as variables, and its declared `@scope`.
 */
export function fundRootOperations(): FundRootOperation[] {
  const schema: GraphQLSchema = buildSchema(printFundSchema());
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const;
  return roots.flatMap(([operation, type]) =>
    type
      ? Object.values(type.getFields()).map((field: GraphQLField<unknown, unknown>) => {
          const named = getNamedType(field.type);
          const selection = isObjectType(named) || isInterfaceType(named) || isUnionType(named) ? ' { __typename }' : '';
          const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
          const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
          const document = `${operation}${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
          return { coordinate: `${type.name}.${field.name}`, kind: operation, scope: declaredScope(field), args: field.args.map((a) => a.name), document };
        })
      : [],
  );
}
