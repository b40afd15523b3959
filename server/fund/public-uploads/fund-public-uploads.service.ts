import { and, asc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { formatDate } from '@contract/format';
import { isoDateVienna } from '@contract/dates';
import uploadCatalogue from '@contract/i18n/de/upload-form.json';
import { isValidSvnr, normalizeSvnr } from '@contract/svnr';
import { writeTransaction } from '../../../db/client';
import { persons, publicUploadFiles, publicUploads } from '../../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { createFundMessagesService, type FundMessageModel } from '../messages/fund-messages.service';
import type { FundFileModel } from '../shared/fund-file';
import { afterKey } from '../shared/keyset';
import { memberColumns, memberOf, type MemberRefModel } from '../shared/member-ref';
import { parseId, refuse, type FundActor, type FundOutcome } from '../shared/outcome';

export type PublicUploadRow = typeof publicUploads.$inferSelect;
export type PublicUploadStatus = 'UNASSIGNED' | 'ASSIGNED';

/** The GraphQL `PublicUpload` (public-uploads.graphql). */
export interface FundPublicUploadModel {
  row: PublicUploadRow;
  member: MemberRefModel | null;
  files: FundFileModel[];
}

/** A last name compared as a person would: Unicode NFC, surrounding and repeated spaces ignored, case-insensitive. */
export function sameLastName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-AT');
  return norm(a) === norm(b);
}

/** `{{date}}` of a catalogue text. */
const withDate = (text: string, date: string) => text.replace('{{date}}', date);

/**
 * Public uploads (the upload form and the public merge request; decisions 0023, 0024) on the fund's side (decision
 * 0055): the list and the assignment to a member.
 */
export function createFundPublicUploadsService(deps: AppDeps) {
  const { db } = deps;

  async function modelsOf(rows: { upload: PublicUploadRow; memberId: number | null; memberFirstName: string | null; memberLastName: string | null; memberSvnr: string | null }[]) {
    const ids = rows.map((r) => r.upload.id);
    const files =
      ids.length === 0
        ? []
        : await db
            .select({
              id: publicUploadFiles.id,
              submissionId: publicUploadFiles.submissionId,
              documentKind: publicUploadFiles.documentKind,
              fileName: publicUploadFiles.fileName,
              contentType: publicUploadFiles.contentType,
              sizeBytes: publicUploadFiles.sizeBytes,
            })
            .from(publicUploadFiles)
            .where(inArray(publicUploadFiles.submissionId, ids))
            .orderBy(asc(publicUploadFiles.createdAt), asc(publicUploadFiles.id));
    const load = async (id: string) => (await db.select({ content: publicUploadFiles.content }).from(publicUploadFiles).where(eq(publicUploadFiles.id, id)).limit(1))[0]?.content;
    return rows.map((r): FundPublicUploadModel => ({
      row: r.upload,
      member: memberOf(r),
      files: files
        .filter((f) => f.submissionId === r.upload.id)
        .map((f) => ({
          id: f.id,
          fileName: f.documentKind ? `${f.documentKind}-${f.fileName}` : f.fileName,
          contentType: f.contentType,
          sizeBytes: f.sizeBytes,
          load: () => load(f.id),
        })),
    }));
  }

  function select(where: SQL | undefined) {
    return db
      .select({ upload: publicUploads, ...memberColumns })
      .from(publicUploads)
      .leftJoin(persons, eq(persons.id, publicUploads.personId))
      .where(where);
  }

  /** The uploads in one of `status` (none, empty or both: all). */
  function withStatus(status: readonly PublicUploadStatus[] | null): SQL | undefined {
    const wanted = new Set(status ?? []);
    if (wanted.size !== 1) return undefined;
    return wanted.has('ASSIGNED') ? isNotNull(publicUploads.personId) : isNull(publicUploads.personId);
  }

  return {
    /** Public uploads oldest first (arrival, id); `status`: only UNASSIGNED or ASSIGNED ones (none or both: all). */
    async list(filter: { status: readonly PublicUploadStatus[] | null; after: [string, number] | null; limit: number }): Promise<FundPublicUploadModel[]> {
      const parts: (SQL | undefined)[] = [afterKey(publicUploads.createdAt, publicUploads.id, filter.after), withStatus(filter.status)];
      return modelsOf(
        await select(and(...parts))
          .orderBy(asc(publicUploads.createdAt), asc(publicUploads.id))
          .limit(filter.limit),
      );
    },

    /** The number of uploads `list` finds with `status`, on all pages. */
    count(status: readonly PublicUploadStatus[] | null): Promise<number> {
      return db.$count(publicUploads, withStatus(status));
    },

    /**
     * Files an UNASSIGNED upload with the member of `svnr` whose last name is `lastName` (`sameLastName`): sets the
     * upload's person and stores its files as a message in the member's sent folder (OUTBOUND, origin PORTAL, sent at
     * the upload's arrival; counterpart the severance fund for a merge request, else the tenant's pension fund or, on a
     * tenant without one, the severance fund; subject from the catalogue `uploadForm.assigned`, text the sender's
     * message), and writes `upload.assigned`, in one write transaction. No e-mail: the member sent it. Refusals
     * (nothing changed): NOT_FOUND, ALREADY_ASSIGNED, SVNR_INVALID, MEMBER_NOT_FOUND, NAME_MISMATCH.
     */
    async assign(
      actor: FundActor,
      input: { uploadId: string; svnr: string; lastName: string },
    ): Promise<FundOutcome<{ upload: FundPublicUploadModel; message: FundMessageModel }>> {
      const id = parseId(input.uploadId);
      const upload = id === null ? undefined : (await db.select().from(publicUploads).where(eq(publicUploads.id, id)).limit(1))[0];
      if (!upload) return refuse('NOT_FOUND', 'No public upload with this id.', 'uploadId');
      if (upload.personId !== null) return refuse('ALREADY_ASSIGNED', 'The upload is already filed with a member.', 'uploadId');
      if (input.svnr.length > 40 || !isValidSvnr(input.svnr)) return refuse('SVNR_INVALID', 'svnr is no valid social insurance number (10 digits, check digit).', 'svnr');
      const person = (
        await db
          .select()
          .from(persons)
          .where(eq(persons.svnr, normalizeSvnr(input.svnr)))
          .limit(1)
      )[0];
      if (!person) return refuse('MEMBER_NOT_FOUND', 'No member with this SVNR.', 'svnr');
      if (!sameLastName(person.lastName, input.lastName)) return refuse('NAME_MISMATCH', 'The last name is not the one of the member with this SVNR.', 'lastName');
      const files = await db
        .select()
        .from(publicUploadFiles)
        .where(eq(publicUploadFiles.submissionId, upload.id))
        .orderBy(asc(publicUploadFiles.createdAt), asc(publicUploadFiles.id));
      const t = uploadCatalogue.uploadForm.assigned;
      const date = formatDate(isoDateVienna(Date.parse(upload.createdAt)));
      const messageId = await writeTransaction(db, async () => {
        const claimed = await db
          .update(publicUploads)
          .set({ personId: person.id })
          .where(and(eq(publicUploads.id, upload.id), isNull(publicUploads.personId)))
          .returning({ id: publicUploads.id });
        if (claimed.length === 0) return null;
        const message = await deps.stores.messages.insert(
          {
            personId: person.id,
            direction: 'OUTBOUND',
            counterpart: upload.kind === 'MERGE' || !deps.tenant.pensionFund ? 'SEVERANCE_FUND' : 'PENSION_FUND',
            subject: withDate(upload.kind === 'MERGE' ? t.subjectMerge : t.subject, date).slice(0, 100),
            body: upload.message.trim() || t.noMessage,
            origin: 'PORTAL',
            sentAt: upload.createdAt,
            readAt: upload.createdAt,
          },
          files.map((f) => ({ fileName: f.fileName, contentType: f.contentType, content: f.content })),
        );
        await deps.events.record({
          type: 'upload.assigned',
          personId: person.id,
          subjectId: upload.id,
          actor,
          data: { uploadId: upload.id, kind: upload.kind, messageId: message.id, files: files.length },
        });
        return message.id;
      });
      if (messageId === null) return refuse('ALREADY_ASSIGNED', 'The upload was filed with a member meanwhile.', 'uploadId');
      const [model] = await modelsOf(await select(eq(publicUploads.id, upload.id)));
      const [message] = await createFundMessagesService(deps).byIds([messageId]);
      return { ok: true, value: { upload: model!, message: message! } };
    },
  };
}
