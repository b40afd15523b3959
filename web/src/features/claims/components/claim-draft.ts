import type { ClaimOption, PayoutType } from '@contract/claims';
import type { ClaimPage_QueryQuery } from '../../../gql/graphql';

/** Shapes the claim's steps share (kept apart from the page so the steps do not import it). */
type Me = NonNullable<ClaimPage_QueryQuery['me']>;
export type ClaimAccount = Me['claimableSeveranceAccounts'][number];
export type ClaimAddress = Me['address'];

/** What the member entered so far; kept by the page while the steps change. */
export interface ClaimDraft {
  accountId: string;
  option: ClaimOption | null;
  institutionName: string;
  policyNumber: string;
  payoutType: PayoutType | null;
  iban: string;
  bic: string;
  street: string;
  postcode: string;
  city: string;
}

/** The figures of a payout in cents: the entitlement, the 6 % wage tax, the cash order's cost (0 otherwise) and the net amount. */
export interface PayoutFigures {
  entitlement: number;
  tax: number;
  cost: number;
  net: number;
}

/** The sent claim as step 4 shows it. */
export interface SentClaim {
  option: ClaimOption;
  submittedOn: string;
  dueDate: string;
  /** The payout's way (a payout only); a cash order may take up to 10 working days longer. */
  payoutType: PayoutType | null;
  /** A payout's amounts as the fund stored them with the claim (cents); null for keeping or a transfer. */
  amounts: PayoutFigures | null;
}
