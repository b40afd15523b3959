import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Ids of the skip-link targets; the layout puts them on the navigation, `<main>` and the footer. */
export const SKIP_TARGETS = { menu: 'menu', content: 'content', footer: 'footer' } as const;

/**
 * Moves focus to the target instead of following the anchor: with the hash router, `#content` in the address would be
 * read as a route.
 */
function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView({ block: 'start' });
}

/** Skip links to menu, content and footer: the first focusable elements of every page (spec 000 section 2). */
export function SkipLinks({ withMenu }: { withMenu: boolean }) {
  const { t } = useTranslation();
  const links = [
    ...(withMenu ? [{ id: SKIP_TARGETS.menu, label: t('layout.skipToMenu') }] : []),
    { id: SKIP_TARGETS.content, label: t('layout.skipToContent') },
    { id: SKIP_TARGETS.footer, label: t('layout.skipToFooter') },
  ];
  return (
    <nav className="skip-links" aria-label={t('layout.skipLinks')}>
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} onClick={(event) => focusTarget(event, link.id)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
