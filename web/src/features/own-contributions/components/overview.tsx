import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatDate, formatMoney, formatPercentBp } from '@contract/format';
import { type Overview, href } from './model';

export function Gauge({ o }: { o: Overview }) {
  const { t } = useTranslation();
  const g = o.gauge;
  const percent = Math.min(100, Math.round((g.used / g.eligible) * 100));
  return (
    <section className="card oc-gauge" aria-labelledby="oc-gauge-title">
      <h2 id="oc-gauge-title">{t('ownContributions.gauge.heading', { year: g.year })}</h2>
      <meter className="oc-gauge__meter" min={0} max={g.eligible} value={Math.min(g.used, g.eligible)} aria-label={t('ownContributions.gauge.meter')}>
        {percent} %
      </meter>
      <p className="oc-gauge__left">{t('ownContributions.gauge.left', { amount: formatMoney(g.left), eligible: formatMoney(g.eligible) })}</p>
      <ul className="oc-gauge__facts">
        <li>{t('ownContributions.gauge.used', { amount: formatMoney(g.used) })}</li>
        <li>{t('ownContributions.gauge.collected', { amount: formatMoney(g.collected) })}</li>
        <li>{t('ownContributions.gauge.monthly', { amount: formatMoney(g.eligibleMonthly) })}</li>
        <li>{t('ownContributions.gauge.premium', { rate: formatPercentBp(g.rateBp), amount: formatMoney(g.expectedPremium), max: formatMoney(g.maxPremium) })}</li>
        <li>
          {g.daysToDeadline >= 0 ? t('ownContributions.gauge.deadline', { year: g.year, count: g.daysToDeadline }) : t('ownContributions.gauge.deadlinePassed', { year: g.year })}
        </li>
      </ul>
      <p>
        <Link to={paths.documents.getHref()}>{t('ownContributions.gauge.documents')}</Link>
      </p>
    </section>
  );
}

export function MandateList({ o }: { o: Overview }) {
  const { t } = useTranslation();
  const shown = o.mandates.filter((m) => m.status === 'ACTIVE');
  return (
    <section className="card" aria-labelledby="oc-mandates-title">
      <h2 id="oc-mandates-title">{t('ownContributions.mandates.heading')}</h2>
      {shown.length === 0 ? <p>{t('ownContributions.mandates.none')}</p> : null}
      <ul className="oc-mandates">
        {shown.map((m) => (
          <li key={m.id} className="oc-mandates__item">
            <p className="oc-mandates__title">{t(`ownContributions.mandates.entry.${m.type}`, { amount: formatMoney(m.amount), date: formatDate(m.startDate) })}</p>
            <p className="muted">{t('ownContributions.mandates.reference', { reference: m.mandateReference })}</p>
            {m.nextDebitDate ? <p>{t('ownContributions.mandates.next', { date: formatDate(m.nextDebitDate) })}</p> : null}
            {m.endDate ? <p>{t('ownContributions.mandates.ends', { date: formatDate(m.endDate) })}</p> : null}
            {m.changeable ? (
              <p className="oc-mandates__actions">
                <Link to={href('aendern', m.id)}>{t('ownContributions.actions.change')}</Link>
                <Link to={href('kuendigen', m.id)}>{t('ownContributions.actions.cancel')}</Link>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
