import { useTranslation } from 'react-i18next';
import { offeredClaimDocuments, requiredClaimDocuments, type ClaimDocumentField, type ClaimOption, type PayoutType } from '@contract/claims';
import { FileUpload } from '../../../components/ui/file-upload';
import { useFileUpload } from '../../../components/ui/use-file-upload';
import { claimFieldText } from './field-error';

/** The upload state of each document field; owned by the page so the files stay while the member changes steps. */
export type ClaimDocuments = Record<ClaimDocumentField, ReturnType<typeof useFileUpload>>;

/** One upload state per document field of the claim (purpose `claim-document`, at most 5 files each). */
export function useClaimDocuments(): ClaimDocuments {
  const identityDocumentIds = useFileUpload('claim-document', { max: 5 });
  const signatureSampleIds = useFileUpload('claim-document', { max: 5 });
  const bankConfirmationIds = useFileUpload('claim-document', { max: 5 });
  const institutionConfirmationIds = useFileUpload('claim-document', { max: 5 });
  return { identityDocumentIds, signatureSampleIds, bankConfirmationIds, institutionConfirmationIds };
}

/** The upload ids of the fields offered for `option`, as the claim input carries them. */
export function documentIdsOf(documents: ClaimDocuments, option: ClaimOption | null, payoutType: PayoutType | null): Partial<Record<ClaimDocumentField, string[]>> {
  return Object.fromEntries(offeredClaimDocuments(option, payoutType).map((field) => [field, documents[field].files.map((f) => f.id)]));
}

/** True while a file of any document field is on its way. */
export function documentsUploading(documents: ClaimDocuments): boolean {
  return Object.values(documents).some((d) => d.progress !== null);
}

/**
 * The document pickers of step 2 (spec 001 sections 3 and 5): the fields the option offers, the required ones marked,
 * each with the upload progress and the server's refusal (file size, type by content) at the field.
 */
export function ClaimDocumentFields({
  documents,
  option,
  payoutType,
  errors,
}: {
  documents: ClaimDocuments;
  option: ClaimOption;
  payoutType: PayoutType | null;
  /** A field code per document field (`DOCUMENT_REQUIRED`, …). */
  errors: Partial<Record<ClaimDocumentField, string>>;
}) {
  const { t } = useTranslation();
  const required = requiredClaimDocuments(option, payoutType);
  return (
    <fieldset className="document-fieldset">
      <legend className="document-fieldset__legend">{t('claim.documents.heading')}</legend>
      <p className="muted">{t('claim.documents.intro')}</p>
      {offeredClaimDocuments(option, payoutType).map((field) => (
        <FileUpload
          key={field}
          label={`${t(`claim.documents.${field}`)} ${required.includes(field) ? t('claim.documents.required') : t('claim.optional')}`}
          purpose="claim-document"
          upload={documents[field]}
          fieldError={documents[field].files.length > 0 ? undefined : claimFieldText(t, errors[field])}
        />
      ))}
    </fieldset>
  );
}
