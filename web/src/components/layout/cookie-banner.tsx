import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptCookies, cookieNoticeDismissed, dismissCookieNotice, hasAcceptedCookies } from '../../lib/cookie-consent';
import './cookie-banner.css';

/**
 * The cookie notice (spec 000 section 2, item 11): shown until the cookie `acceptCookies=1` is set (31 days,
 * SameSite=Strict). "Necessary cookies only" hides it for the browser session without consent. It sits at the top of
 * the page in the normal flow, so it never covers content, and needs no focus handling.
 */
export function CookieBanner({ privacyHref }: { privacyHref: string }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => hasAcceptedCookies() || cookieNoticeDismissed());
  if (hidden) return null;
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')}>
      <div className="cookie-banner__inner">
        <p className="cookie-banner__text">
          {t('cookies.text')} <a href={privacyHref}>{t('cookies.privacy')}</a>
        </p>
        <div className="cookie-banner__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              dismissCookieNotice();
              setHidden(true);
            }}
          >
            {t('cookies.necessaryOnly')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              acceptCookies();
              setHidden(true);
            }}
          >
            {t('cookies.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
