import DataLoader from 'dataloader';
import type { WorkItemKind } from '../../../db/schema';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import type { FundContext } from '../graphql/fund-context';
import { insufficientScope } from '../access/scopes';
import { resultOf } from '../shared/outcome';
import { createWorkAssignmentsService, WORK_ITEM_SCOPE, type WorkAssigneeModel } from './work-assignments.service';

type AssigneeLoader = DataLoader<number, WorkAssigneeModel | null>;
const loaders = new WeakMap<FundContext, Map<WorkItemKind, AssigneeLoader>>();

/**
 * The assignee of item `id` of `kind`, batched per request and kind: a page of 100 items reads its assignees in one
 * statement, not one per row (decision 0058). A new loader per request, so nothing is cached across requests.
 */
function assigneeOf(ctx: FundContext, kind: WorkItemKind, id: number): Promise<WorkAssigneeModel | null> {
  let byKind = loaders.get(ctx);
  if (!byKind) {
    byKind = new Map();
    loaders.set(ctx, byKind);
  }
  let loader = byKind.get(kind);
  if (!loader) {
    const service = createWorkAssignmentsService(ctx.deps);
    loader = new DataLoader(async (ids: readonly number[]) => {
      const found = await service.assigneesOf(kind, ids);
      return ids.map((itemId) => found.get(itemId) ?? null);
    });
    byKind.set(kind, loader);
  }
  return loader.load(id);
}

/** The item's kind must be one whose area's write scope the caller holds (WORK_ITEM_SCOPE). @throws FORBIDDEN. */
function requireWriteScope(ctx: FundContext, kind: WorkItemKind): void {
  const scope = WORK_ITEM_SCOPE[kind];
  if (!ctx.principal.scopes.has(scope)) throw insufficientScope(scope);
}

/** "Mir zuweisen" on the fund's API (assignments.graphql; decision 0058). */
export const assignmentsResolvers: FundResolvers = {
  Mutation: {
    async assignToMe(_source, { input }, ctx) {
      requireWriteScope(ctx, input.kind);
      return resultOf(await createWorkAssignmentsService(ctx.deps).assignToMe(ctx.principal, input));
    },
    async releaseAssignment(_source, { input }, ctx) {
      requireWriteScope(ctx, input.kind);
      return resultOf(await createWorkAssignmentsService(ctx.deps).release(ctx.principal, input));
    },
  },
  WorkAssignment: {
    id: (a) => String(a.itemId),
  },
  WorkAssignee: {
    staffId: (a) => String(a.staffId),
  },
  FundClaim: { assignee: (claim, _args, ctx) => assigneeOf(ctx, 'CLAIM', claim.id) },
  InboxMessage: { assignee: (m, _args, ctx) => assigneeOf(ctx, 'MESSAGE', m.row.id) },
  FormSubmission: { assignee: (f, _args, ctx) => assigneeOf(ctx, 'FORM', f.row.id) },
  PublicUpload: { assignee: (u, _args, ctx) => assigneeOf(ctx, 'PUBLIC_UPLOAD', u.row.id) },
  MergeRequest: { assignee: (m, _args, ctx) => assigneeOf(ctx, 'MERGE_REQUEST', m.row.id) },
  Mandate: { assignee: (m, _args, ctx) => assigneeOf(ctx, 'MANDATE', m.row.id) },
  PremiumApplication: { assignee: (a, _args, ctx) => assigneeOf(ctx, 'PREMIUM_APPLICATION', a.id) },
};
