import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/** Registration box of the main tenant's login page (spec 000 section 2). */
export function RegistrationBox() {
  const { t } = useTranslation();
  const advantages = [
    t('login.registration.advantage1'),
    t('login.registration.advantage2'),
    t('login.registration.advantage3'),
    t('login.registration.advantage4'),
  ];
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
    </section>
  );
}
