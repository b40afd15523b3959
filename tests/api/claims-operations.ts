import { graphql } from '../gql';
import type { SubmitSeveranceClaimInput } from '../gql/graphql';
import { DEMO_PASSWORD } from '../helpers/client';

/** The IBAN the claim suites have a payout sent to (a valid Austrian IBAN, grouped as a member types it). */
export const PAYOUT_IBAN = 'AT61 1904 3002 3457 3201';

/**
 * A confirmed payout of the account `accountId` by bank transfer to PAYOUT_IBAN, with the step-up's current password
 * (spec 001 section 5; decision 0015), as the claim form sends it; the caller adds the signature and the documents.
 */
export function bankTransferPayout(accountId: string) {
  return {
    accountId,
    option: 'PAYOUT',
    payoutType: 'BANK_TRANSFER',
    iban: PAYOUT_IBAN,
    confirmed: true,
    currentPassword: DEMO_PASSWORD,
  } satisfies Partial<SubmitSeveranceClaimInput>;
}

/**
 * `submitSeveranceClaim` as the claim suites send it: the stored claim as the web's claim page receives it (the
 * dashboard teaser's fragment; decision 0067) with the payout's amounts, or the error with its field errors.
 */
export const SUBMIT_CLAIM = graphql(`
  mutation SeveranceClaimSubmit($input: SubmitSeveranceClaimInput!) {
    submitSeveranceClaim(input: $input) {
      ok {
        claim {
          entitlement
          tax
          cashOrderCost
          ...ClaimTeaser_SeveranceClaimFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);
