import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLocalDateTime } from '@contract/format';
import { graphql } from './gql';
import { QueueView } from './queue-parts';
import { nameOf } from './queue-shared';
import { useQueue } from './use-queue';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

/** What the queue's row and panel show of a premium application (decision 0068). */
graphql(`
  fragment PremiumsQueue_PremiumApplicationFragment on PremiumApplication {
    ...QueueItemFields
    member {
      ...QueueMemberFields
    }
    street
    postcode
    city
    country
    birthDate
    signatureKind
    signature
    signedAt
  }
`);

const PremiumsQuery = graphql(`
  query BackofficePremiums($signedSince: DateTime, $after: String) {
    premiumApplications(signedSince: $signedSince, first: 50, after: $after) {
      edges {
        cursor
        node {
          ...PremiumsQueue_PremiumApplicationFragment
        }
      }
      pageInfo {
        ...NextPageFields
      }
    }
  }
`);

/** Thirty days in milliseconds: the "recent" filter of the premium applications. */
const RECENT_MS = 30 * 24 * 3_600_000;

/** § 108a EStG premium applications: no status of their own (the fund forwards them); filtered by the signing time. */
export function PremiumsQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const [recent, setRecent] = useState('');
  const [since] = useState(() => new Date(Date.now() - RECENT_MS).toISOString());
  const queue = useQueue(PremiumsQuery, 'premiumApplications', { signedSince: recent === 'RECENT' ? since : null, after: null });
  const signatureText = (a: { signatureKind: string; signature: string }) => (a.signatureKind === 'TYPED' ? a.signature : t('backoffice.queues.premiumSignature'));
  return (
    <QueueView
      queue="premiums"
      canChange={canChange}
      filter={{
        value: recent,
        onChange: setRecent,
        options: [
          { value: '', label: t('backoffice.queues.premiumAll') },
          { value: 'RECENT', label: t('backoffice.queues.premiumRecent') },
        ],
      }}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.premiumBirthDate')]}
      rows={queue.rows(
        (node) => nameOf(node.member),
        (node) => [formatLocalDateTime(node.signedAt), formatDate(node.birthDate)],
      )}
      {...queue.view}
      panel={(open) => ({
        heading: `${t('backoffice.queues.item.premiums')} – ${nameOf(open.member)}`,
        facts: [
          [t('backoffice.queues.svnr'), open.member.svnr],
          [t('backoffice.queues.premiumAddress'), `${open.street}, ${open.postcode} ${open.city}, ${open.country}`],
          [t('backoffice.queues.premiumBirthDate'), formatDate(open.birthDate)],
          [t('backoffice.queues.receivedAt'), formatLocalDateTime(open.signedAt)],
          [t('backoffice.queues.premiumSignature'), signatureText(open)],
        ],
        lead:
          open.signatureKind === 'DRAWN' && open.signature.startsWith('data:image/png;base64,') ? (
            <img className="backoffice-files__image" src={open.signature} alt={t('backoffice.queues.premiumSignatureImage', { name: nameOf(open.member) })} />
          ) : null,
        steps: <p>{t('backoffice.queues.premiumNoStatus')}</p>,
      })}
    />
  );
}
