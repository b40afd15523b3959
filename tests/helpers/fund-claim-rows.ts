import type { Db } from '../../db/client';
import type { severanceClaims } from '../../db/schema';
import { sqlValue } from './raw-sql';

type ClaimRow = typeof severanceClaims.$inferInsert;

/**
 * The row of a claim as the claim flow stores it for the fund's suites (decision 0056): a payout by bank transfer
 * from the person's first Vorsorgekasse account, 1.000,00 € entitlement and 60,00 € tax (cents) unless `over` says
 * otherwise; `status` and `submittedAt` (ISO instant) are the caller's. Throws nothing; an account-less person gives
 * `accountId` NaN, which the insert refuses.
 */
export async function payoutClaimRow(db: Db, personId: number, over: Pick<ClaimRow, 'status' | 'submittedAt'> & Partial<ClaimRow>): Promise<ClaimRow> {
  const accountId = Number(await sqlValue(db, 'SELECT id FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1', personId));
  return {
    personId,
    accountId,
    option: 'PAYOUT',
    payoutType: 'BANK_TRANSFER',
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    entitlementCents: 100_000,
    taxCents: 6_000,
    cashOrderCostCents: 0,
    ...over,
  };
}
