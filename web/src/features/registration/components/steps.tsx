import { useTranslation } from 'react-i18next';

export interface Step {
  key: string;
  label: string;
}

/**
 * Where the member is in a multi-step flow: an ordered list with the current step marked `aria-current="step"` and
 * finished steps marked in words ("erledigt"), not by colour or icon alone.
 */
export function Steps({ steps, current }: { steps: readonly Step[]; current: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('registration.steps.label')}>
      <p className="visually-hidden">{t('registration.steps.current', { current: current + 1, total: steps.length })}</p>
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={step.key} className={index < current ? 'steps__item steps__item--done' : 'steps__item'} aria-current={index === current ? 'step' : undefined}>
            {step.label}
            {index < current ? <span className="visually-hidden"> {t('registration.steps.completed')}</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
