import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DescriptionList, type DescriptionItem } from '../../../components/ui/description-list';

interface SettingsSectionProps {
  /** Anchor id of the section (the page's table of contents points to it). */
  id: string;
  title: string;
  intro?: ReactNode;
  /** The values stored now, shown above the form under the caption "Derzeit gespeichert" (`settings.current`). */
  current?: readonly DescriptionItem[];
  /** Success text after the last submission; announced politely. */
  success?: ReactNode;
  children: ReactNode;
}

/**
 * One section of the settings screen: heading, the stored values, a live status line for the success notice (the
 * `role="status"` region exists before the text appears, so screen readers announce it), and the section's form.
 *
 * Focus after a save (WCAG 2.4.3): the submit button is disabled while saving, which drops the focus
 * to the page body; when the success notice appears and the focus is no longer inside this section, the section
 * itself takes it (without scrolling), so keyboard and screen-reader users continue where they saved.
 */
export function SettingsSection({ id, title, intro, current, success, children }: SettingsSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const hasSuccess = Boolean(success);
  useEffect(() => {
    const section = sectionRef.current;
    if (!hasSuccess || !section) return;
    if (!section.contains(document.activeElement)) section.focus({ preventScroll: true });
  }, [hasSuccess]);
  return (
    <section ref={sectionRef} id={id} className="card settings-section" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId}>{title}</h2>
      {intro ? <div className="settings-section__intro">{intro}</div> : null}
      {current && current.length > 0 ? (
        <div className="settings-section__current">
          <h3 className="settings-section__current-title">{t('settings.current')}</h3>
          <DescriptionList items={current} />
        </div>
      ) : null}
      <div role="status" className="settings-section__status">
        {success ? <p className="notice notice--success">{success}</p> : null}
      </div>
      {children}
    </section>
  );
}
