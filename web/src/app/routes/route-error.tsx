import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { errorMessages, remoteLog } from '../../lib/remote-log';
import { ChunkLoadTimeoutError } from '../../lib/with-timeout';
import { useReleasePrerender } from '../../lib/prerender';

/** Whether `error` says a lazily loaded screen did not arrive (time-out, network, new deployment). */
function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(message);
}

/** Error state of a route: a screen that failed to load or to render. The error goes to the remote log. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useReleasePrerender(true);
  useEffect(() => {
    remoteLog(chunk ? 'ChunkLoad' : 'RouteError', 'ERROR', errorMessages(error));
  }, [chunk, error]);
  return (
    <div className="state state--error" role="alert">
      <h1 className="state__title" tabIndex={-1}>
        {chunk ? t('error.chunkTitle') : t('error.unexpectedTitle')}
      </h1>
      <p>{chunk ? t('error.chunkText') : t('error.unexpectedText')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
