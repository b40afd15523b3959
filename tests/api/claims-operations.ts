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
 * `submitSeveranceClaim` as the claim page sends it (decision 0067): the stored claim as the success step confirms it,
 * with the payout's amounts, or the error with its field errors.
 */
export { ClaimPage_SubmitSeveranceClaimMutation as SUBMIT_CLAIM } from '../../web/src/features/claims/api/submit-severance-claim';
