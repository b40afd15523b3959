import { loadApollo } from '../../../app/load-apollo';
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

/**
 * Loads the questions from the server (never from the cache) through the app's Apollo Client, loading it first if
 * the page has not yet (the login page loads it only when needed, decision 0034).
 */
export async function loadPostLoginQuestions() {
  const { client } = await loadApollo();
  return client.query({ query: LoginFlow_PostLoginQuestionsQuery, fetchPolicy: 'network-only' });
}
