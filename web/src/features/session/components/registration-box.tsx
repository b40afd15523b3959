import { useTranslation } from 'react-i18next';
import { groupSites } from '../../../config/links';
import { paths, routeAvailable, type RouteKey } from '../../../config/paths';

/** Advantages of registering, each with the route whose screen it promises (none: always true). */
const ADVANTAGES: readonly { key: 'advantage1' | 'advantage2' | 'advantage3' | 'advantage4'; route?: RouteKey }[] = [
  { key: 'advantage1' },
  { key: 'advantage2' },
  { key: 'advantage3', route: 'inboxMessages' },
  { key: 'advantage4', route: 'calculator' },
];

/**
 * Registration box of the main tenant's login page (spec 000 section 2). An advantage that names a screen (inbox,
 * calculator) is listed only once that screen exists (`routeAvailable`). Below the call to register, the group's
 * sites (spec 000 section 2; `groupSites`).
 */
export function RegistrationBox() {
  const { t } = useTranslation();
  const advantages = ADVANTAGES.filter((advantage) => !advantage.route || routeAvailable('main', advantage.route)).map((advantage) => t(`login.registration.${advantage.key}`));
  return (
    <section className="card registration-box" aria-labelledby="registration-title">
      <p className="registration-box__hint">{t('login.registration.hint')}</p>
      <h2 id="registration-title">{t('login.registration.title')}</h2>
      <p>{t('login.registration.description')}</p>
      <h3 className="registration-box__subtitle">{t('login.registration.advantagesLabel')}</h3>
      <ul className="check-list">
        {advantages.map((advantage) => (
          <li key={advantage}>{advantage}</li>
        ))}
      </ul>
      <a className="button button--secondary" href={`#${paths.registration.getHref()}`}>
        {t('login.registration.cta')}
      </a>
      <h3 className="registration-box__subtitle">{t('layout.groupSites.label')}</h3>
      <ul className="registration-box__sites">
        {groupSites.main.map((site) => (
          <li key={site.key}>
            <a href={site.href}>{t(`layout.groupSites.${site.key}`)}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
