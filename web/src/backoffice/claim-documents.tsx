import { useTranslation } from 'react-i18next';
import { graphql } from './gql';
import type { ClaimDocuments_FundClaimDocumentFragmentFragment as ClaimDocument } from './gql/graphql';

/** What the list shows of a document of a claim (`FundClaim.documents`; decision 0068). */
graphql(`
  fragment ClaimDocuments_FundClaimDocumentFragment on FundClaimDocument {
    id
    kind
    fileName
    contentType
    downloadUrl
  }
`);

/** The link of a document shown in the page: the same signed link with `inline=1` (decision 0056). */
function inlineUrl(downloadUrl: string): string {
  return `${downloadUrl}&inline=1`;
}

/**
 * The documents of a claim in the claim panel (spec 001 section 4; decision 0056 "The workbench opens the same
 * links"): a PDF in an <iframe> with its title, an image as <img> with its description as alt text, a TIFF (which
 * browsers do not show) by its link only, and each with a download link. The links are the API's short-lived ones,
 * signed for the signed-in staff person and opened with the staff session; every opening is in the audit trail.
 */
export function ClaimDocuments({ documents }: { documents: readonly ClaimDocument[] }) {
  const { t } = useTranslation();
  if (documents.length === 0) return <p>{t('backoffice.claimDocuments.none')}</p>;
  return (
    <ul className="backoffice-documents">
      {documents.map((doc) => {
        const label = t('backoffice.claimDocuments.label', { kind: t(`backoffice.claimDocuments.kind.${doc.kind as 'IDENTITY_DOCUMENT'}`), fileName: doc.fileName });
        return (
          <li key={doc.id} className="backoffice-documents__item">
            <h4>{label}</h4>
            {doc.contentType === 'application/pdf' ? <iframe className="backoffice-documents__view" src={inlineUrl(doc.downloadUrl)} title={label} /> : null}
            {doc.contentType === 'image/jpeg' || doc.contentType === 'image/png' ? (
              <img className="backoffice-documents__image" src={inlineUrl(doc.downloadUrl)} alt={label} />
            ) : null}
            <a href={doc.downloadUrl} download={doc.fileName}>
              {t('backoffice.claimDocuments.download', { fileName: doc.fileName })}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
