import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PrizeDrawDialog_SetParticipationMutation = graphql(`
  mutation PrizeDrawDialog_SetParticipation($participate: Boolean!) {
    setPrizeDraw(participate: $participate) {
      ok {
        person {
          id
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Takes part in the Vorsorgekasse prize draw, or not. */
export function useSetPrizeDraw() {
  return useMutation(PrizeDrawDialog_SetParticipationMutation);
}
