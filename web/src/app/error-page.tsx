import { useTranslation } from 'react-i18next';
import { useReleasePrerender } from '../lib/prerender';

/** Full-page error message with a reload button, used where nothing else of the app can be shown. */
export function ErrorPage({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation();
  useReleasePrerender(true);
  return (
    <main className="standalone" id="content">
      <div className="state state--error" role="alert">
        <h1 className="state__title">{title ?? t('error.unexpectedTitle')}</h1>
        <p>{text ?? t('error.unexpectedText')}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </div>
    </main>
  );
}
