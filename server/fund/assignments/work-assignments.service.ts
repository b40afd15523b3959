import { and, eq, inArray } from 'drizzle-orm';
import { writeTransaction } from '../../../db/client';
import {
  formSubmissions,
  mandates,
  mergeRequests,
  messages,
  premiumApplications,
  publicUploads,
  severanceClaims,
  staffAccounts,
  workAssignments,
  type WorkItemKind,
} from '../../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { isoInstant } from '../../platform/shared/clock';
import type { FundPrincipal, FundScope } from '../access/scopes';
import { parseId, refuse, type FundOutcome } from '../shared/outcome';

/**
 * The write scope of each kind's area (decision 0058): taking an item is working on it, so it needs the scope of the
 * item's own next steps — claims and merge requests `claims:write` (setClaimStatus, resolveMergeRequest), messages and
 * forms `messages:write` (a form is answered with replyToMessage, decision 0055), public uploads `documents:write`
 * (assignPublicUpload), mandates and § 108a applications `mandates:write` (setMandateStatus).
 */
export const WORK_ITEM_SCOPE: Record<WorkItemKind, FundScope> = {
  CLAIM: 'claims:write',
  MESSAGE: 'messages:write',
  FORM: 'messages:write',
  PUBLIC_UPLOAD: 'documents:write',
  MERGE_REQUEST: 'claims:write',
  MANDATE: 'mandates:write',
  PREMIUM_APPLICATION: 'mandates:write',
};

/** The table of each kind, for the existence check and the member of the event (a public upload may have none). */
const ITEM_TABLES = {
  CLAIM: severanceClaims,
  MESSAGE: messages,
  FORM: formSubmissions,
  PUBLIC_UPLOAD: publicUploads,
  MERGE_REQUEST: mergeRequests,
  MANDATE: mandates,
  PREMIUM_APPLICATION: premiumApplications,
} as const;

/** The GraphQL `WorkAssignee`: the staff person working on an item and since when. */
export interface WorkAssigneeModel {
  staffId: number;
  name: string;
  assignedAt: string;
}

/** The GraphQL `WorkAssignment`: an item and its assignee now (null after a release). */
export interface WorkAssignmentModel {
  kind: WorkItemKind;
  itemId: number;
  assignee: WorkAssigneeModel | null;
}

/**
 * Assignment of workbench items to staff ("Mir zuweisen", decision 0058): one assignee per item, taken by the person
 * themselves and released by them or a SUPERVISOR (decision 0071); each change writes `work.assigned` or
 * `work.released` in its write transaction.
 */
export function createWorkAssignmentsService(deps: Pick<AppDeps, 'db' | 'clock' | 'events'>) {
  const { db } = deps;

  /** The item's member (`persons.id`, null when it has none), or undefined for an unknown item. */
  async function itemOf(kind: WorkItemKind, id: number): Promise<{ personId: number | null } | undefined> {
    const t = ITEM_TABLES[kind];
    return (await db.select({ personId: t.personId }).from(t).where(eq(t.id, id)).limit(1))[0];
  }

  /** The assignees of the items `ids` of one kind, by item id (one statement for the batch). */
  async function assigneesOf(kind: WorkItemKind, ids: readonly number[]): Promise<Map<number, WorkAssigneeModel>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ itemId: workAssignments.itemId, staffId: workAssignments.staffId, name: staffAccounts.name, assignedAt: workAssignments.assignedAt })
      .from(workAssignments)
      .innerJoin(staffAccounts, eq(staffAccounts.id, workAssignments.staffId))
      .where(and(eq(workAssignments.itemKind, kind), inArray(workAssignments.itemId, [...new Set(ids)])));
    return new Map(rows.map((r) => [r.itemId, { staffId: r.staffId, name: r.name, assignedAt: r.assignedAt }]));
  }

  /** The common checks: a staff person (a machine client is nobody to assign), a known item. */
  async function checked(principal: FundPrincipal, input: { kind: WorkItemKind; id: string }) {
    if (principal.kind !== 'staff') return refuse('STAFF_ONLY', 'Only a staff person of the workbench can be assigned an item; a machine client cannot.');
    const id = parseId(input.id);
    const item = id === null ? undefined : await itemOf(input.kind, id);
    if (id === null || !item) return refuse('NOT_FOUND', `No ${input.kind} with this id.`, 'id');
    return { staff: principal, id, personId: item.personId };
  }

  /**
   * Records `type` for the checked item `c`, inside the caller's write transaction: the actor is the calling staff
   * person, `data.staffId` the person whose assignment begins or ends (`assigneeId`; the caller's own unless a
   * SUPERVISOR releases a colleague's).
   */
  async function recordWork(
    type: 'work.assigned' | 'work.released',
    kind: WorkItemKind,
    c: Exclude<Awaited<ReturnType<typeof checked>>, { ok: false }>,
    assigneeId: number = c.staff.staffId,
  ) {
    await deps.events.record({
      type,
      personId: c.personId,
      subjectId: c.id,
      actor: { kind: 'staff', staffId: String(c.staff.staffId) },
      data: { kind, itemId: c.id, staffId: assigneeId },
    });
  }

  return {
    assigneesOf,

    /**
     * Assigns the item to the calling staff person. Already theirs: answered as it is, nothing written. Refusals
     * (nothing changed): STAFF_ONLY (a machine client), NOT_FOUND (unknown kind's id), ALREADY_ASSIGNED (to someone
     * else; release it first — the message names the assignee).
     */
    async assignToMe(principal: FundPrincipal, input: { kind: WorkItemKind; id: string }): Promise<FundOutcome<WorkAssignmentModel>> {
      const c = await checked(principal, input);
      if ('ok' in c) return c;
      const result = await writeTransaction(db, async () => {
        const current = (await assigneesOf(input.kind, [c.id])).get(c.id);
        if (current) return current;
        const assignedAt = isoInstant(deps.clock.now());
        const inserted = await db
          .insert(workAssignments)
          .values({ itemKind: input.kind, itemId: c.id, staffId: c.staff.staffId, assignedAt })
          .onConflictDoNothing()
          .returning({ id: workAssignments.id });
        if (inserted.length === 0) return null;
        await recordWork('work.assigned', input.kind, c);
        return { staffId: c.staff.staffId, name: c.staff.name, assignedAt };
      });
      const assignee = result ?? (await assigneesOf(input.kind, [c.id])).get(c.id) ?? null;
      if (assignee && assignee.staffId !== c.staff.staffId) return refuse('ALREADY_ASSIGNED', `Already assigned to ${assignee.name}.`, 'id');
      return { ok: true, value: { kind: input.kind, itemId: c.id, assignee } };
    },

    /**
     * Releases the item's assignment: the assignee releases their own, a SUPERVISOR anyone's (work of an absent
     * colleague; decision 0071). Refusals (nothing changed): STAFF_ONLY, NOT_FOUND, NOT_ASSIGNED (nobody has it),
     * ASSIGNED_TO_OTHER (someone else has it and the caller is no SUPERVISOR).
     */
    async release(principal: FundPrincipal, input: { kind: WorkItemKind; id: string }): Promise<FundOutcome<WorkAssignmentModel>> {
      const c = await checked(principal, input);
      if ('ok' in c) return c;
      const verdict = await writeTransaction(db, async () => {
        const current = (await assigneesOf(input.kind, [c.id])).get(c.id);
        if (!current) return 'NOT_ASSIGNED' as const;
        if (current.staffId !== c.staff.staffId && c.staff.role !== 'SUPERVISOR') return current;
        await db.delete(workAssignments).where(and(eq(workAssignments.itemKind, input.kind), eq(workAssignments.itemId, c.id), eq(workAssignments.staffId, current.staffId)));
        await recordWork('work.released', input.kind, c, current.staffId);
        return 'RELEASED' as const;
      });
      if (verdict === 'NOT_ASSIGNED') return refuse('NOT_ASSIGNED', 'Nobody is assigned this item.', 'id');
      if (verdict !== 'RELEASED') return refuse('ASSIGNED_TO_OTHER', `Assigned to ${verdict.name}; only they or a SUPERVISOR release it.`, 'id');
      return { ok: true, value: { kind: input.kind, itemId: c.id, assignee: null } };
    },
  };
}
