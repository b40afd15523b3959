import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
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
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
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

interface BoundaryProps {
  /** A new value after an error shows the children again (the next navigation). */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown): { failed: boolean; error: unknown } {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: BoundaryProps, previousState: { failed: boolean }): void {
    // Only an error that was already shown is cleared: the render that failed has the new key already.
    if (this.state.failed && previousState.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false, error: undefined });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * The error state of the routes inside it (web/src/app/router.tsx): an error while a screen loads or renders shows
 * RouteError in its place; the next navigation shows the routes again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={location.key}>{children}</Boundary>;
}
