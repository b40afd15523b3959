import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the window title to `<page> – <portal name>` while the calling screen is shown. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const title = t('app.documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
