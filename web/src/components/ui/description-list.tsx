import type { ReactNode } from 'react';

export interface DescriptionItem {
  /** Stable key for React. */
  key: string;
  term: string;
  value: ReactNode;
}

/** Label–value pairs as a semantic description list, laid out in two columns on wide screens. */
export function DescriptionList({ items, className }: { items: readonly DescriptionItem[]; className?: string }) {
  return (
    <dl className={className ? `description-list ${className}` : 'description-list'}>
      {items.map((item) => (
        <div key={item.key} className="description-list__row">
          <dt>{item.term}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
