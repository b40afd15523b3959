import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../gql';

/**
 * The post-login questions (spec 000 section 4) and the person the newsletter dialog greets; loaded once per login,
 * right after a logged-in status.
 */
export const LoginFlow_PostLoginQuestionsQuery = graphql(`
  query LoginFlow_PostLoginQuestions {
    postLoginQuestions {
      showNewsletterPk
      showNewsletterVk
      askBenefitStatementDelivery
      askAccountStatementByMail
      askPrizeDraw
    }
    me {
      id
      ...NewsletterDialog_PersonFragment
    }
  }
`);

/** Returns the function that loads the questions from the server (never from the cache). */
export function useLoadPostLoginQuestions() {
  const client = useApolloClient();
  return useCallback(() => client.query({ query: LoginFlow_PostLoginQuestionsQuery, fetchPolicy: 'network-only' }), [client]);
}
