import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { DocumentTable_DocumentFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';
import { downloadHref } from './document-categories';
import { useStickyHeader } from '../../../lib/use-sticky-header';

export const DocumentTableFragment = graphql(`
  fragment DocumentTable_DocumentFragment on Document {
    id
    title
    documentDate
    fileName
    contentType
    unread
    readAt
    downloadUrl
  }
`);

interface DocumentTableProps {
  /** Id of the heading that names the table (the category). */
  labelledBy: string;
  documents: readonly DocumentTable_DocumentFragmentFragment[];
  /** Called when the member opens (downloads) a document, before the browser follows the link. */
  onOpen: (id: string) => void;
}

/** File type shown for a MIME type: `PDF` for `application/pdf`, otherwise the subtype in capitals. */
function fileType(contentType: string): string {
  const subtype = contentType.split('/')[1] ?? contentType;
  return subtype.toUpperCase();
}

/**
 * The documents of one category as a table, newest first: date (DD.MM.YYYY), the document as a download link that
 * names what it downloads (title, file type and file name; the size is not known before the PDF is rendered), and
 * the status: "neu" as visible text for unread documents, "gelesen" otherwise, so it is never colour alone.
 */
export function DocumentTable({ labelledBy, documents, onOpen }: DocumentTableProps) {
  const { t } = useTranslation();
  const { ref: tableRef, stuck } = useStickyHeader<HTMLTableElement>();
  return (
    <table ref={tableRef} className="document-table table--sticky" data-stuck={stuck || undefined} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col" className="document-table__date">
            {t('documents.table.date')}
          </th>
          <th scope="col">{t('documents.table.document')}</th>
          <th scope="col" className="document-table__status">
            {t('documents.table.status')}
          </th>
        </tr>
      </thead>
      <tbody>
        {documents.map((doc) => {
          const type = fileType(doc.contentType);
          return (
            <tr key={doc.id} className={doc.unread ? 'document-table__row document-table__row--unread' : 'document-table__row'}>
              <td className="document-table__date">{formatDate(doc.documentDate)}</td>
              <td>
                <a className="document-table__link" href={downloadHref(doc.downloadUrl)} download={doc.fileName} onClick={() => onOpen(doc.id)}>
                  {doc.title}
                  <span className="visually-hidden">{t('documents.table.downloadHint', { type })}</span>
                </a>
                <span className="document-table__file">{t('documents.table.file', { type, fileName: doc.fileName })}</span>
              </td>
              <td className="document-table__status">
                {doc.unread ? <span className="badge badge--new">{t('documents.table.new')}</span> : <span className="muted">{t('documents.table.read')}</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
