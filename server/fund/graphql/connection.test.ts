import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { totalCountOf } from './connection';

/** The resolve info of the root field `forms` in `document`: its field nodes and the document's fragments. */
function infoOf(document: string) {
  const definitions = parse(document).definitions;
  const operation = definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const fieldNodes = operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'forms');
  return { fieldNodes, fragments };
}

describe('totalCount of a fund connection (decision 0069)', () => {
  it.each([
    ['directly', '{ forms { totalCount } }'],
    ['under an alias', '{ forms { n: totalCount } }'],
    ['in an inline fragment', '{ forms { ... on FormSubmissionConnection { totalCount } } }'],
    ['in a fragment spread', '{ forms { ...C } } fragment C on FormSubmissionConnection { totalCount }'],
    ['in a fragment within a fragment', '{ forms { ...A } } fragment A on FormSubmissionConnection { ...B } fragment B on FormSubmissionConnection { totalCount }'],
    ['in a second selection of the same field', '{ forms { edges { cursor } } forms { totalCount } }'],
  ])('counts when selected %s', async (_how, document) => {
    let statements = 0;
    expect(await totalCountOf(infoOf(document), async () => ++statements && 7)).toBe(7);
    expect(statements).toBe(1);
  });

  it.each([
    ['without it', '{ forms { edges { cursor } pageInfo { hasNextPage } } }'],
    ['when only a node has a field of that name', '{ forms { edges { node { totalCount: id } } } }'],
    ['when only another root field selects it', '{ forms { pageInfo { hasNextPage } } other: forms2 { totalCount } }'],
  ])('runs no statement %s', async (_how, document) => {
    let statements = 0;
    await totalCountOf(infoOf(document), async () => ++statements);
    expect(statements).toBe(0);
  });
});
