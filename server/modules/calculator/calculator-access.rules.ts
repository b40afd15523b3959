/**
 * Which calculator a person gets (spec 001 sections 6 and 8 "Calculator"; decision 0017): the restriction of the
 * pension calculator from the person's contracts and accounts. Pure: no I/O.
 */
/** Which calculator a person gets: FULL, the restricted OWN_CONTRIBUTIONS_ONLY, FICTITIOUS (no PK entitlement) or NONE. */
export type CalculatorAccess = 'FULL' | 'OWN_CONTRIBUTIONS_ONLY' | 'FICTITIOUS' | 'NONE';
/** Why the calculator is refused (spec 001 section 8 "Calculator"). */
export type CalculatorRefusal = 'NOT_AUTHORIZED' | 'INACTIVE_VRG' | 'NO_VALID_CONTRACT_DATA' | 'TERMS_NOT_ACCEPTED';

/** The facts the restriction depends on. */
export interface CalculatorAccessFacts {
  membershipActive: boolean;
  termsPending: boolean;
  /** PK contracts on a tenant with the Pensionskasse (none on the regional tenant). */
  pensionContracts: readonly { role: 'MEMBER' | 'BENEFICIARY'; calculatorAccess: 'FULL' | 'OWN_CONTRIBUTIONS_ONLY' | 'NONE'; vrgActive: boolean; hasStatement: boolean }[];
  /** Vorsorgekasse accounts that are not closed, with a statement. */
  severanceAccountsWithData: number;
}

/**
 * The calculator a person may use (spec 001 section 6), in this order: no valid membership → NONE
 * (NO_VALID_CONTRACT_DATA); terms not accepted → NONE (TERMS_NOT_ACCEPTED); no PK contract → FICTITIOUS when a
 * severance account with data exists, else NONE (NO_VALID_CONTRACT_DATA); only beneficiary contracts (the pension
 * is already paid) → NONE (NOT_AUTHORIZED); the member contract's calculator NONE → NOT_AUTHORIZED; its VRG
 * inactive → INACTIVE_VRG; no statement → NO_VALID_CONTRACT_DATA; else the contract's FULL or OWN_CONTRIBUTIONS_ONLY.
 */
export function calculatorAccessOf(f: CalculatorAccessFacts): { access: CalculatorAccess; refusal: CalculatorRefusal | null } {
  const none = (refusal: CalculatorRefusal) => ({ access: 'NONE' as const, refusal });
  if (!f.membershipActive) return none('NO_VALID_CONTRACT_DATA');
  if (f.termsPending) return none('TERMS_NOT_ACCEPTED');
  if (f.pensionContracts.length === 0) return f.severanceAccountsWithData > 0 ? { access: 'FICTITIOUS', refusal: null } : none('NO_VALID_CONTRACT_DATA');
  const member = f.pensionContracts.find((c) => c.role === 'MEMBER');
  if (!member || member.calculatorAccess === 'NONE') return none('NOT_AUTHORIZED');
  if (!member.vrgActive) return none('INACTIVE_VRG');
  if (!member.hasStatement) return none('NO_VALID_CONTRACT_DATA');
  return { access: member.calculatorAccess, refusal: null };
}
