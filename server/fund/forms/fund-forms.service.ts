import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { formSubmissions, messages, persons, type FormSubmissionRow } from '../../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { createFundMessagesService, type FundMessageModel, type InboxMessageStatus } from '../messages/fund-messages.service';
import { afterKey } from '../shared/keyset';
import { memberOf, memberColumns, type MemberRefModel } from '../shared/member-ref';

/** The GraphQL `FormSubmission` (forms.graphql): the submission, its member and its message. */
export interface FundFormModel {
  row: FormSubmissionRow;
  member: MemberRefModel | null;
  message: FundMessageModel;
}

/**
 * Forms members sent from the inbox (spec 001 sections 3 and 5; decision 0055), for the fund's API and the staff
 * workbench: oldest first by arrival and id; `status` filters by the state of the form's message (OPEN until answered).
 */
export function createFundFormsService(deps: AppDeps) {
  const answered = sql`exists (select 1 from messages r where r.reply_to_id = ${formSubmissions.messageId})`;
  /** The forms whose message is in one of `status` (none, empty or both: all). */
  const withStatus = (status: readonly InboxMessageStatus[] | null): SQL | undefined => {
    const wanted = new Set(status ?? []);
    if (wanted.size !== 1) return undefined;
    return wanted.has('OPEN') ? sql`not ${answered}` : answered;
  };
  return {
    async list(filter: { status: readonly InboxMessageStatus[] | null; after: [string, number] | null; limit: number }): Promise<FundFormModel[]> {
      const parts: (SQL | undefined)[] = [afterKey(formSubmissions.submittedAt, formSubmissions.id, filter.after), withStatus(filter.status)];
      const rows = await deps.db
        .select({ form: formSubmissions, ...memberColumns })
        .from(formSubmissions)
        .innerJoin(messages, eq(messages.id, formSubmissions.messageId))
        .leftJoin(persons, eq(persons.id, formSubmissions.personId))
        .where(and(...parts))
        .orderBy(asc(formSubmissions.submittedAt), asc(formSubmissions.id))
        .limit(filter.limit);
      const models = await createFundMessagesService(deps).byIds(rows.map((r) => r.form.messageId));
      return rows.map((r) => ({ row: r.form, member: memberOf(r), message: models.find((m) => m.row.id === r.form.messageId)! }));
    },

    /** The number of forms `list` finds with `status`, on all pages (every form has its message: the join drops none). */
    count(status: readonly InboxMessageStatus[] | null): Promise<number> {
      return deps.db.$count(formSubmissions, withStatus(status));
    },
  };
}
