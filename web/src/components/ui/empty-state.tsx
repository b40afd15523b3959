import type { ReactNode } from 'react';

/** Empty state of a data screen (STYLE.md 13). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="state state--empty">{children}</div>;
}
