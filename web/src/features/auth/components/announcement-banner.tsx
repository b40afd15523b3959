import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { AnnouncementBanner_ClientConfigFragmentFragment } from '../../../gql/graphql';

export const AnnouncementBannerFragment = graphql(`
  fragment AnnouncementBanner_ClientConfigFragment on ClientConfig {
    announcement
  }
`);

/** Tags and attributes an announcement may use: text formatting, paragraphs, lists and links. */
const ALLOWED = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span'],
  ALLOWED_ATTR: ['href', 'title', 'lang'],
};

/**
 * The optional announcement banner of the login page (spec 000 section 2): HTML from the client configuration,
 * sanitised with DOMPurify in the browser as well (scripts, event handlers, styles and foreign tags are removed), and
 * links opened safely.
 */
export function AnnouncementBanner({ config }: { config: AnnouncementBanner_ClientConfigFragmentFragment }) {
  const { t } = useTranslation();
  const html = useMemo(() => {
    if (!config.announcement) return '';
    const fragment = DOMPurify.sanitize(config.announcement, { ...ALLOWED, RETURN_DOM_FRAGMENT: true });
    for (const link of fragment.querySelectorAll('a')) link.setAttribute('rel', 'noopener noreferrer');
    const container = document.createElement('div');
    container.append(fragment);
    return container.innerHTML.trim();
  }, [config.announcement]);
  if (!html) return null;
  return (
    <section className="announcement" aria-label={t('login.announcement')}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" className="announcement__icon">
        <path fill="currentColor" d="M11 7h2v6h-2zm0 8h2v2h-2zm1-13a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />
      </svg>
      <div className="announcement__text" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
