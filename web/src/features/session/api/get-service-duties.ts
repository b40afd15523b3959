import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The service duties the member may act for (mailbox dialog). */
export const MailboxDialog_ServiceDutiesQuery = graphql(`
  query MailboxDialog_ServiceDuties {
    serviceDuties {
      id
      ...MailboxDialog_ServiceDutyFragment
    }
  }
`);

export function useServiceDuties() {
  return useQuery(MailboxDialog_ServiceDutiesQuery, { fetchPolicy: 'network-only' });
}
