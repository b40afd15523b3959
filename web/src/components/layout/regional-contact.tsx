import { useTranslation } from 'react-i18next';
import { regionalContact } from '../../config/links';
import './regional-contact.css';

/**
 * The regional tenant's contact box (spec 000 section 2): phone, e-mail, service hours (section 9: Monday to Thursday
 * 8:00 to 16:00, Friday 8:00 to 13:00) and the data-protection link.
 */
export function RegionalContact() {
  const { t } = useTranslation();
  return (
    <aside className="contact-box" aria-labelledby="contact-box-title">
      <div className="contact-box__inner">
        <h2 id="contact-box-title" className="contact-box__title">
          {t('layout.contact.heading')}
        </h2>
        <dl className="contact-box__list">
          <div>
            <dt>{t('layout.contact.phone')}</dt>
            <dd>
              <a href={regionalContact.phoneHref}>{regionalContact.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t('layout.contact.mail')}</dt>
            <dd>
              <a href={`mailto:${regionalContact.mail}`}>{regionalContact.mail}</a>
            </dd>
          </div>
          <div>
            <dt>{t('layout.contact.hoursHeading')}</dt>
            <dd>
              {t('layout.contact.hoursMonThu')}
              <br />
              {t('layout.contact.hoursFri')}
            </dd>
          </div>
        </dl>
        <p className="contact-box__privacy">
          <a href={regionalContact.privacy}>{t('layout.contact.privacy')}</a>
        </p>
      </div>
    </aside>
  );
}
