import { describe, expect, it } from 'vitest';
import { mergeEligibleFrom, requestMergeInput, requiredMergeDocuments } from '@contract/merge';
import { mergeEligibility, type MergeAccountFacts } from '../../server/modules/merge/merge.rules';

/** The merge rules of decision 0023 (§ 17 (2a) BMSVG: contribution-free for at least 3 years), counted by hand. */
describe('mergeEligibleFrom', () => {
  it.each([
    ['2023-11-30', '2026-12-01'],
    ['2021-06-30', '2024-07-01'],
    ['2020-12-31', '2024-01-01'],
    // Contribution-free from 1 March 2020 (a leap year's February ended): 3 years later.
    ['2020-02-29', '2023-03-01'],
  ])('an account whose last contribution month ended %s may be merged from %s', (endDate, from) => {
    expect(mergeEligibleFrom(endDate)).toBe(from);
  });
});

const active: MergeAccountFacts = { id: 1, accountNumber: 'VK-1', status: 'ACTIVE', endDate: null };
const dormant = (id: number, endDate: string): MergeAccountFacts => ({ id, accountNumber: `VK-${id}`, status: 'DORMANT', endDate });

describe('mergeEligibility', () => {
  it('is eligible on the first day of the fourth contribution-free year, not the day before', () => {
    const accounts = [active, dormant(2, '2023-11-30')];
    expect(mergeEligibility(accounts, '2026-11-30', new Set(), false)).toMatchObject({ eligible: false, reason: 'TOO_RECENT', target: { id: 1 } });
    expect(mergeEligibility(accounts, '2026-12-01', new Set(), false)).toMatchObject({ eligible: true, reason: 'ELIGIBLE' });
  });

  it('merges only the old enough accounts without a claim in progress, oldest first', () => {
    const v = mergeEligibility([dormant(4, '2025-03-31'), active, dormant(3, '2019-01-31'), dormant(2, '2018-05-31')], '2026-11-22', new Set([3]), false);
    expect(v.dormantAccounts.map((a) => [a.id, a.eligible, a.claimOpen])).toEqual([
      [2, true, false],
      [3, false, true],
      [4, false, false],
    ]);
    expect(v.reason).toBe('ELIGIBLE');
  });

  it('names the first obstacle', () => {
    const old = dormant(2, '2019-01-31');
    expect(mergeEligibility([active], '2026-11-22', new Set(), false).reason).toBe('NO_DORMANT_ACCOUNT');
    expect(mergeEligibility([old], '2026-11-22', new Set(), false).reason).toBe('NO_CURRENT_ACCOUNT');
    expect(mergeEligibility([active, old], '2026-11-22', new Set([2]), false).reason).toBe('CLAIM_OPEN');
    expect(mergeEligibility([active, old], '2026-11-22', new Set(), true).reason).toBe('REQUEST_PENDING');
    // A closed account is neither dormant nor a target.
    expect(mergeEligibility([{ ...active, status: 'CLOSED' }, old], '2026-11-22', new Set(), false).reason).toBe('NO_CURRENT_ACCOUNT');
  });
});

describe('requestMergeInput', () => {
  const base = { firstName: 'Bernd', lastName: 'Vorsorge', svnr: '1237 010180', email: ' Bernd@Example.at ', consent: true, termsAccepted: true, idCopyIds: ['a'.repeat(32)] };

  it('needs the ID copy always and the signed form only when signed by hand', () => {
    expect(requiredMergeDocuments('DIGITAL')).toEqual(['idCopyIds']);
    expect(requiredMergeDocuments('HANDWRITTEN')).toEqual(['idCopyIds', 'signedFormIds']);
  });

  it('normalises SVNR and e-mail and drops what the signature type does not use', () => {
    const r = requestMergeInput.parse({ ...base, signatureType: 'HANDWRITTEN', signature: { kind: 'TYPED', name: 'Bernd' }, signedFormIds: ['b'.repeat(32), 'b'.repeat(32)] });
    expect(r).toMatchObject({ svnr: '1237010180', email: 'bernd@example.at', signature: null });
    expect(r.documents).toEqual([
      { field: 'idCopyIds', kind: 'ID_COPY', ids: ['a'.repeat(32)] },
      { field: 'signedFormIds', kind: 'SIGNED_FORM', ids: ['b'.repeat(32)] },
    ]);
    const d = requestMergeInput.parse({ ...base, signatureType: 'DIGITAL', signature: { kind: 'TYPED', name: 'Bernd Vorsorge' }, signedFormIds: ['b'.repeat(32)] });
    expect(d.documents.map((x) => x.field)).toEqual(['idCopyIds']);
  });

  it('reports each field by its code', () => {
    const r = requestMergeInput.safeParse({ ...base, svnr: '1238010180', email: 'x', consent: false, signatureType: 'DIGITAL', idCopyIds: [] });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['svnr', 'SVNR_CHECK_DIGIT'],
      ['email', 'EMAIL_INVALID'],
      ['consent', 'CONSENT_REQUIRED'],
      ['signature', 'SIGNATURE_EMPTY'],
      ['idCopyIds', 'DOCUMENT_REQUIRED'],
    ]);
  });
});
