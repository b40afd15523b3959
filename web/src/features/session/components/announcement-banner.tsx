import { useEffect, useState } from 'react';
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

/** Sanitises announcement HTML with DOMPurify, loaded only when there is an announcement (about 9 KB gzipped). */
async function sanitiseAnnouncement(source: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  const fragment = DOMPurify.sanitize(source, { ...ALLOWED, RETURN_DOM_FRAGMENT: true });
  for (const link of fragment.querySelectorAll('a')) link.setAttribute('rel', 'noopener noreferrer');
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML.trim();
}

/**
 * The optional announcement banner of the login page (spec 000 section 2): HTML from the client configuration,
 * sanitised with DOMPurify in the browser as well (scripts, event handlers, styles and foreign tags are removed), and
 * links opened safely. Nothing is shown until the sanitised HTML is ready; unsanitised HTML is never rendered.
 */
export function AnnouncementBanner({ config }: { config: AnnouncementBanner_ClientConfigFragmentFragment }) {
  const { t } = useTranslation();
  // The sanitised HTML with the source it was made from; a stale result for an earlier source is never shown.
  const [sanitised, setSanitised] = useState<{ source: string; html: string } | null>(null);
  useEffect(() => {
    let current = true;
    const source = config.announcement;
    if (source) {
      void sanitiseAnnouncement(source).then((html) => {
        if (current) setSanitised({ source, html });
      });
    }
    return () => {
      current = false;
    };
  }, [config.announcement]);
  const html = sanitised && sanitised.source === config.announcement ? sanitised.html : '';
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
