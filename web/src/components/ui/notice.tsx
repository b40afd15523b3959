import type { ReactNode } from 'react';

type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/**
 * A message box. Errors are announced at once (`role="alert"`), other tones politely (`role="status"`).
 */
export function Notice({ tone = 'info', id, children }: { tone?: NoticeTone; id?: string; children: ReactNode }) {
  return (
    <div id={id} className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
