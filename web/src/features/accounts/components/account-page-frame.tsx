import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import '../account-info.css';

interface AccountPageFrameProps<T> {
  heading: string;
  intro: string;
  /** The address holds a Stichtag that is not a date. */
  invalidStichtag: boolean;
  latestHref: string;
  /** Current data, or the previous data while a new Stichtag loads. */
  items: readonly T[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}

/**
 * Heading and the four states (STYLE.md 13) of an account-information page: loading, failure, empty (no contracts)
 * and success. While another Stichtag loads, the previous content stays and is marked busy, so focus stays put.
 */
export function AccountPageFrame<T>(props: AccountPageFrameProps<T>) {
  const { t } = useTranslation();
  const { items, loading, failed } = props;
  let body: ReactNode;
  if (props.invalidStichtag) {
    body = (
      <Notice tone="warning">
        {t('accountInfo.stichtag.invalid')} <Link to={props.latestHref}>{t('accountInfo.stichtag.toLatest')}</Link>
      </Notice>
    );
  } else if (failed) {
    body = <ErrorState onRetry={props.onRetry} />;
  } else if (!items) {
    body = <LoadingState />;
  } else if (items.length === 0) {
    body = <EmptyState>{props.emptyText}</EmptyState>;
  } else {
    body = (
      <>
        {loading ? <LoadingState /> : null}
        <div className="account-panels" aria-busy={loading}>
          {items.map(props.renderItem)}
        </div>
      </>
    );
  }
  return (
    <div className="account-page">
      <h1 tabIndex={-1}>{props.heading}</h1>
      <p className="lead">{props.intro}</p>
      {body}
    </div>
  );
}
