import { useTranslation } from 'react-i18next';

/** Loading state of a data screen (STYLE.md 13): a spinner with a text that screen readers announce. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('state.loading')}</span>
    </div>
  );
}
