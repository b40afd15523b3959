import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { formatDate } from '@contract/format';
import { isoDateVienna } from '@contract/dates';
import mergeCatalogue from '@contract/i18n/de/merge.json';
import { writeTransaction } from '../../../db/client';
import { mergeRequestFiles, mergeRequests, persons, type MergeRequestRow } from '../../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { isoInstant } from '../../platform/shared/clock';
import type { FundFileModel } from '../shared/fund-file';
import { afterKey } from '../shared/keyset';
import { memberColumns, memberOf, type MemberRefModel } from '../shared/member-ref';
import { parseId, refuse, type FundActor, type FundOutcome } from '../shared/outcome';

export type MergeRequestStatus = MergeRequestRow['status'];

/** The GraphQL `MergeRequest` (merge-requests.graphql). */
export interface FundMergeRequestModel {
  row: MergeRequestRow;
  member: MemberRefModel | null;
  files: FundFileModel[];
}

/** Longest note of a resolution, characters. */
export const RESOLUTION_NOTE_MAX = 2_000;

/** `{{name}}` placeholders of a catalogue text filled from `values`. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');
}

/**
 * Merge requests (Zusammenlegung, § 17 (2a) BMSVG; spec 001 section 5) on the fund's side (decision 0055): the list
 * and the resolution, for the fund's API and the staff workbench.
 */
export function createFundMergeRequestsService(deps: AppDeps) {
  const { db } = deps;

  async function modelsOf(rows: { request: MergeRequestRow; memberId: number | null; memberFirstName: string | null; memberLastName: string | null; memberSvnr: string | null }[]) {
    const ids = rows.map((r) => r.request.id);
    const files =
      ids.length === 0
        ? []
        : await db
            .select({
              id: mergeRequestFiles.id,
              mergeRequestId: mergeRequestFiles.mergeRequestId,
              kind: mergeRequestFiles.kind,
              fileName: mergeRequestFiles.fileName,
              contentType: mergeRequestFiles.contentType,
              sizeBytes: mergeRequestFiles.sizeBytes,
            })
            .from(mergeRequestFiles)
            .where(inArray(mergeRequestFiles.mergeRequestId, ids))
            .orderBy(asc(mergeRequestFiles.id));
    const load = async (id: number) => (await db.select({ content: mergeRequestFiles.content }).from(mergeRequestFiles).where(eq(mergeRequestFiles.id, id)).limit(1))[0]?.content;
    return rows.map((r): FundMergeRequestModel => ({
      row: r.request,
      member: memberOf(r),
      files: files
        .filter((f) => f.mergeRequestId === r.request.id)
        .map((f) => ({ id: f.id, fileName: `${f.kind}-${f.fileName}`, contentType: f.contentType, sizeBytes: f.sizeBytes, load: () => load(f.id) })),
    }));
  }

  function select(where: SQL | undefined) {
    return db
      .select({ request: mergeRequests, ...memberColumns })
      .from(mergeRequests)
      .leftJoin(persons, eq(persons.id, mergeRequests.personId))
      .where(where);
  }

  /** The requests in one of `status` (none or empty: all). */
  const withStatus = (status: readonly MergeRequestStatus[] | null) => (status && status.length > 0 ? inArray(mergeRequests.status, [...status]) : undefined);

  return {
    /** Merge requests oldest first (arrival, id); `status`: only these (none or empty: all). */
    async list(filter: { status: readonly MergeRequestStatus[] | null; after: [string, number] | null; limit: number }): Promise<FundMergeRequestModel[]> {
      const parts: (SQL | undefined)[] = [afterKey(mergeRequests.submittedAt, mergeRequests.id, filter.after), withStatus(filter.status)];
      return modelsOf(
        await select(and(...parts))
          .orderBy(asc(mergeRequests.submittedAt), asc(mergeRequests.id))
          .limit(filter.limit),
      );
    },

    /** The number of merge requests `list` finds with `status`, on all pages. */
    count(status: readonly MergeRequestStatus[] | null): Promise<number> {
      return db.$count(mergeRequests, withStatus(status));
    },

    /**
     * Resolves a PENDING request as DONE or DECLINED with `note` (required for DECLINED, at most 2,000 characters):
     * sets status, time and note, posts the member an inbox message of the severance fund (German catalogue
     * `merge.resolution`, with the note) with the e-mail notice by delivery choice, and writes `merge.resolved`, all in
     * one write transaction. Refusals (nothing changed): NOT_FOUND, STATUS_NOT_ALLOWED (PENDING), ALREADY_RESOLVED,
     * NOTE_REQUIRED, NOTE_TOO_LONG.
     */
    async resolve(
      actor: FundActor,
      input: { mergeRequestId: string; status: MergeRequestStatus; note: string | null },
      origin: string,
    ): Promise<FundOutcome<FundMergeRequestModel>> {
      const id = parseId(input.mergeRequestId);
      const request = id === null ? undefined : (await db.select().from(mergeRequests).where(eq(mergeRequests.id, id)).limit(1))[0];
      if (!request) return refuse('NOT_FOUND', 'No merge request with this id.', 'mergeRequestId');
      if (input.status === 'PENDING') return refuse('STATUS_NOT_ALLOWED', 'A merge request is resolved as DONE or DECLINED.', 'status');
      if (request.status !== 'PENDING') return refuse('ALREADY_RESOLVED', `The merge request is already ${request.status}.`, 'mergeRequestId');
      const note = input.note?.trim() ?? '';
      if (input.status === 'DECLINED' && !note) return refuse('NOTE_REQUIRED', 'A declined merge request needs a note for the member.', 'note');
      if (note.length > RESOLUTION_NOTE_MAX) return refuse('NOTE_TOO_LONG', `note has more than ${RESOLUTION_NOTE_MAX} characters.`, 'note');
      const person = (await db.select().from(persons).where(eq(persons.id, request.personId)).limit(1))[0]!;
      const t = mergeCatalogue.merge.resolution;
      const values = { date: formatDate(isoDateVienna(Date.parse(request.submittedAt))), accounts: request.accountNumbers, target: request.targetAccountNumber, note };
      const body = [fill(input.status === 'DONE' ? t.bodyDone : t.bodyDeclined, values), ...(note ? [fill(t.note, values)] : [])].join('\n\n');
      const resolved = await writeTransaction(db, async () => {
        const changed = await db
          .update(mergeRequests)
          .set({ status: input.status, resolvedAt: isoInstant(deps.clock.now()), resolutionNote: note || null })
          .where(and(eq(mergeRequests.id, request.id), eq(mergeRequests.status, 'PENDING')))
          .returning({ id: mergeRequests.id });
        if (changed.length === 0) return false;
        const posted = await deps.services.messages.postFromFund(
          person,
          { counterpart: 'SEVERANCE_FUND', subject: input.status === 'DONE' ? t.subjectDone : t.subjectDeclined, body, attachments: [] },
          { mailer: deps.mailer, origin },
        );
        await deps.events.record({
          type: 'merge.resolved',
          personId: person.id,
          subjectId: request.id,
          actor,
          data: { mergeRequestId: request.id, status: input.status, messageId: posted.message.id, noticeSent: posted.noticeSent },
        });
        return true;
      });
      if (!resolved) return refuse('ALREADY_RESOLVED', 'The merge request was resolved meanwhile.', 'mergeRequestId');
      const [model] = await modelsOf(await select(eq(mergeRequests.id, request.id)));
      return { ok: true, value: model! };
    },
  };
}
