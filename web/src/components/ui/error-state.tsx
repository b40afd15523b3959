import { useTranslation } from 'react-i18next';

interface ErrorStateProps {
  title?: string;
  text?: string;
  /** Offers a retry button when given. */
  onRetry?: () => void;
  /** Label of the retry button. */
  retryLabel?: string;
}

/** Failure state of a data screen (STYLE.md 13). */
export function ErrorState({ title, text, onRetry, retryLabel }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{title ?? t('state.errorTitle')}</p>
      <p>{text ?? t('state.errorText')}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {retryLabel ?? t('state.retry')}
        </button>
      ) : null}
    </div>
  );
}
