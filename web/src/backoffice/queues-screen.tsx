import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { graphql } from './gql';
import { FormsQueue } from './forms-queue';
import { MandatesQueue } from './mandates-queue';
import { MergesQueue } from './merges-queue';
import { PremiumsQueue } from './premiums-queue';
import { UploadsQueue } from './uploads-queue';
import './queues.css';

const QueueCountsQuery = graphql(`
  query BackofficeQueueCounts {
    forms(status: [OPEN]) {
      totalCount
    }
    publicUploads(status: [UNASSIGNED]) {
      totalCount
    }
    mergeRequests(status: [PENDING]) {
      totalCount
    }
    mandates(status: [ACTIVE]) {
      totalCount
    }
    premiumApplications {
      totalCount
    }
  }
`);

const QUEUES = ['forms', 'uploads', 'merges', 'mandates', 'premiums'] as const;
type Queue = (typeof QUEUES)[number];

/**
 * The workbench's queues besides the claims (decision 0058): forms, public uploads, merge requests, mandates and § 108a
 * applications, each with its open count in the queue navigation (OPEN forms, UNASSIGNED uploads, PENDING merges,
 * ACTIVE mandates, all premium applications — they have no status; the connection's exact `totalCount`, decision 0069),
 * a status filter and the items oldest first. `canChange` (CLERK, SUPERVISOR) offers the next steps and "Mir zuweisen".
 */
export function QueuesScreen({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<Queue>('forms');
  const { data } = useQuery(QueueCountsQuery, { fetchPolicy: 'cache-and-network' });
  const counts: Record<Queue, number | undefined> = {
    forms: data?.forms.totalCount,
    uploads: data?.publicUploads.totalCount,
    merges: data?.mergeRequests.totalCount,
    mandates: data?.mandates.totalCount,
    premiums: data?.premiumApplications.totalCount,
  };
  const label = (name: Queue) => {
    const title = t(`backoffice.queues.name.${name}`);
    const count = counts[name];
    return count === undefined ? title : t('backoffice.queues.tab', { name: title, count });
  };
  return (
    <>
      <h1>{t('backoffice.queues.heading')}</h1>
      <p>{t('backoffice.queues.intro')}</p>
      <nav aria-label={t('backoffice.queues.navigation')}>
        <ul className="backoffice-queues__nav">
          {QUEUES.map((name) => (
            <li key={name}>
              <button type="button" className="backoffice-queues__tab" aria-current={name === queue ? 'page' : undefined} onClick={() => setQueue(name)}>
                {label(name)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="backoffice-queues__heading">{t(`backoffice.queues.name.${queue}`)}</h2>
      {queue === 'forms' ? <FormsQueue canChange={canChange} /> : null}
      {queue === 'uploads' ? <UploadsQueue canChange={canChange} /> : null}
      {queue === 'merges' ? <MergesQueue canChange={canChange} /> : null}
      {queue === 'mandates' ? <MandatesQueue canChange={canChange} /> : null}
      {queue === 'premiums' ? <PremiumsQueue canChange={canChange} /> : null}
    </>
  );
}
