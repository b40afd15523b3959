import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { pagedConnection } from './connection';

/** The resolve info of the root field `forms` in `document`: its field nodes and the document's fragments. */
function infoOf(document: string) {
  const definitions = parse(document).definitions;
  const operation = definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const fieldNodes = operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'forms');
  return { fieldNodes, fragments };
}

/** Runs `pagedConnection` for `document` over two rows (page size 1) and a count of 7; tells what it read. */
async function read(document: string) {
  const reads = { page: 0, count: 0 };
  const connection = await pagedConnection(infoOf(document), 1, {
    page: async () => (++reads.page, ['a', 'b']),
    count: async () => (++reads.count, 7),
    cursorOf: (node) => node,
  });
  return { reads, connection };
}

describe('a fund connection reads what the operation selects (decision 0069)', () => {
  it.each([
    ['directly', '{ forms { totalCount } }'],
    ['under an alias', '{ forms { n: totalCount } }'],
    ['in an inline fragment', '{ forms { ... on FormSubmissionConnection { totalCount } } }'],
    ['in a fragment spread', '{ forms { ...C } } fragment C on FormSubmissionConnection { totalCount }'],
    ['in a fragment within a fragment', '{ forms { ...A } } fragment A on FormSubmissionConnection { ...B } fragment B on FormSubmissionConnection { totalCount }'],
    ['in a second selection of the same field', '{ forms { edges { cursor } } forms { totalCount } }'],
  ])('counts when totalCount is selected %s', async (_how, document) => {
    const { reads, connection } = await read(document);
    expect(connection.totalCount).toBe(7);
    expect(reads.count).toBe(1);
  });

  it.each([
    ['without it', '{ forms { edges { cursor } pageInfo { hasNextPage } } }'],
    ['when only a node has a field of that name', '{ forms { edges { node { totalCount: id } } } }'],
    ['when only another root field selects it', '{ forms { pageInfo { hasNextPage } } other: forms2 { totalCount } }'],
  ])('runs no count %s', async (_how, document) => {
    const { reads, connection } = await read(document);
    expect(reads).toEqual({ page: 1, count: 0 });
    expect(connection.edges.map((e) => e.cursor)).toEqual(['a']);
    expect(connection.pageInfo.hasNextPage).toBe(true);
  });

  it.each([
    ['edges', '{ forms { edges { cursor } } }'],
    ['pageInfo alone', '{ forms { pageInfo { hasNextPage } } }'],
    ['edges in a fragment', '{ forms { ...E } } fragment E on FormSubmissionConnection { edges { cursor } }'],
  ])('reads the page when the operation selects %s', async (_how, document) => {
    expect((await read(document)).reads.page).toBe(1);
  });

  it('reads no page when only totalCount is selected (the workbench counts its queues so)', async () => {
    const { reads, connection } = await read('{ forms { totalCount } }');
    expect(reads).toEqual({ page: 0, count: 1 });
    expect(connection.totalCount).toBe(7);
  });
});
