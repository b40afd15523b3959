import type { ConfirmationSource, DocumentsService } from '../documents/documents.service';
import { CLAIM_CONFIRMATION_MESSAGE, MERGE_CONFIRMATION_MESSAGE } from '../documents/pdf/request-templates';
import type { MessagesService } from '../messages/messages.service';
import type { RequestScope } from '../../platform/shared/request-scope';

/**
 * The confirmation of an application the member sent in the portal, a step across two services: the documents
 * archive issues the PDF (decision 0018) and the inbox delivers it as an unread message of the Vorsorgekasse with the
 * application's subject and text (decisions 0015 and 0023). The claims and merge services call it inside the
 * application's write transaction; it throws when no confirmation can be made, so the application is not stored
 * either. Built once per process.
 */
export function createApplicationsService(deps: { documents: DocumentsService; messages: MessagesService }) {
  const { documents, messages } = deps;

  async function confirm(scope: RequestScope, personId: number, source: ConfirmationSource, message: { subject: string; body: string }): Promise<void> {
    const pdf = await documents.issueConfirmation(scope, personId, source);
    if (!pdf) throw new Error(`${source.table} ${source.id}: no confirmation could be issued`);
    await messages.deliver(personId, {
      counterpart: 'SEVERANCE_FUND',
      ...message,
      attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes }],
    });
  }

  return {
    /** Confirms the person's severance claim `claimId` (table severance_claims). */
    confirmClaim: (scope: RequestScope, personId: number, claimId: number) => confirm(scope, personId, { table: 'severance_claims', id: claimId }, CLAIM_CONFIRMATION_MESSAGE),
    /** Confirms the person's merge request `requestId` (table merge_requests). */
    confirmMerge: (scope: RequestScope, personId: number, requestId: number) => confirm(scope, personId, { table: 'merge_requests', id: requestId }, MERGE_CONFIRMATION_MESSAGE),
  };
}
