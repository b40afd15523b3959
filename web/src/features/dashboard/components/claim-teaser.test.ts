import { describe, expect, it } from 'vitest';
import { claimText } from './claim-teaser';

const base = {
  __typename: 'SeveranceClaim' as const,
  id: '1',
  accountNumber: 'VK-1',
  submittedOn: '2026-10-01',
  dueDate: '2027-01-08',
  dueDateExceeded: false,
  definiteDate: null,
};

describe('claim teaser text (spec 001 section 4)', () => {
  it('names the legal deadline while new or being checked, and drops it once exceeded', () => {
    expect(claimText({ ...base, option: 'PAYOUT', status: 'NEW' })).toEqual({ key: 'payout.NEW', date: '2027-01-08' });
    expect(claimText({ ...base, option: 'PAYOUT', status: 'CHECKING', dueDateExceeded: true })).toEqual({ key: 'payout.CHECKING_noDate', date: null });
  });

  it('uses the transfer wording for every transfer option and the definite date once checked', () => {
    for (const option of ['TRANSFER_PENSION_FUND', 'TRANSFER_SUPPLEMENTARY_INSURANCE', 'TRANSFER_VORSORGEKASSE'] as const) {
      expect(claimText({ ...base, option, status: 'PRE_TRANSFER', definiteDate: '2026-12-10' })).toEqual({ key: 'transfer.PRE_TRANSFER', date: '2026-12-10' });
    }
    expect(claimText({ ...base, option: 'KEEP', status: 'POST_TRANSFER' })).toEqual({ key: 'keep.POST_TRANSFER', date: '2027-01-08' });
  });

  it('points to the inbox when documents are missing, whatever the option', () => {
    expect(claimText({ ...base, option: 'PAYOUT', status: 'INFORMATION_NEEDED' })).toEqual({ key: 'INFORMATION_NEEDED', date: null });
  });
});
