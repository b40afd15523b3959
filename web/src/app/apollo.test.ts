import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { MutationErrorFragment } from '../lib/graphql/mutation-error';
import { createApolloClient } from './apollo';

// The web's own MutationError fragment, spread in a fragment on one of the converted results.
const RESULT_FRAGMENT = gql`
  fragment Result on ChangeAddressResult {
    error {
      ...MutationError
    }
  }
`;
const RESULT = { ...RESULT_FRAGMENT, definitions: [...RESULT_FRAGMENT.definitions, ...MutationErrorFragment.definitions] };

describe('the Apollo cache', () => {
  it('reads the error half of a mutation answer back through the MutationError fragment on the Error interface', () => {
    const { cache } = createApolloClient();
    const data = {
      __typename: 'ChangeAddressResult',
      error: {
        __typename: 'ProfileChangeError',
        code: 'ERROR_INVALID_INPUT',
        message: 'Bitte prüfen Sie Ihre Eingaben.',
        fieldErrors: [{ __typename: 'FieldError', field: 'postcode', code: 'REQUIRED', message: 'Bitte füllen Sie dieses Feld aus.' }],
      },
    };
    cache.writeFragment({ id: 'answer', fragment: RESULT, fragmentName: 'Result', data });
    expect(cache.readFragment({ id: 'answer', fragment: RESULT, fragmentName: 'Result' })).toEqual(data);
  });
});
