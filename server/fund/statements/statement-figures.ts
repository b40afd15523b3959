/**
 * The figures of an imported yearly statement and the sums they must satisfy (decision 0057). The figures are exactly
 * the columns of `pk_statements` and `vk_statements` (db/schema/pension-fund.ts, severance-fund.ts): integer euro cents,
 * nothing else; the sums are the invariants those tables document (and tests/unit/seed-roll-forward.test.ts checks for
 * the seed), so an imported year shows the same account information and balance waterfall (decision 0049) as a seeded
 * one.
 */
import type { PkStatementRow, VkStatementRow } from '../../../db/schema';

/** The figures of a Pensionskasse statement: the money columns of `pk_statements`, all integer cents. */
export type PkStatementFigures = Omit<PkStatementRow, 'id' | 'contractId' | 'stichtag'>;
/** The figures of a Vorsorgekasse statement: the money columns of `vk_statements`, all integer cents. */
export type VkStatementFigures = Omit<VkStatementRow, 'id' | 'accountId' | 'stichtag'>;

/** The keys of `PkStatementFigures`, in the table's order. */
export const PK_FIGURE_KEYS = [
  'reserveCents',
  'fluctuationReserveCents',
  'totalCapitalCents',
  'employerContributionsCents',
  'employeeContributionsCents',
  'employerTransfersCents',
  'employeeTransfersCents',
  'premium108aCents',
  'investmentResultCents',
  'costsCents',
  'pensionPaymentsCents',
  'shortfallCents',
  'projectedYearlyPensionCents',
] as const satisfies readonly (keyof PkStatementFigures)[];

/** The keys of `VkStatementFigures`, in the table's order. */
export const VK_FIGURE_KEYS = [
  'totalEntitlementCents',
  'guaranteedCapitalCents',
  'paidOutTotalCents',
  'contributionsCents',
  'transfersInCents',
  'administrationCostsCents',
  'svCarrierCostsCents',
  'investmentResultCents',
  'payoutCents',
  'loyaltyBonusCents',
  'surplusShareCents',
] as const satisfies readonly (keyof VkStatementFigures)[];

/** Figures that the tables allow to be negative (a negative investment year, a fluctuation reserve below zero). */
const MAY_BE_NEGATIVE: ReadonlySet<string> = new Set(['fluctuationReserveCents', 'investmentResultCents']);

/** Largest amount a figure may have, in cents (10 billion euro): far above any account, far below 2^53. */
export const MAX_FIGURE_CENTS = 1_000_000_000_000;

/** Why figures are refused; `field` is the figure's path in the input (`figures.pk.totalCapitalCents`). */
export interface FigureRefusal {
  code: 'FIGURE_OUT_OF_RANGE' | 'FIGURES_DO_NOT_ADD_UP';
  field: string;
}

/** Each figure an integer within ±MAX_FIGURE_CENTS, and not negative unless the table allows it. */
function checkRanges(figures: Record<string, number>, keys: readonly string[], prefix: string): FigureRefusal | null {
  for (const key of keys) {
    const value = figures[key]!;
    const low = MAY_BE_NEGATIVE.has(key) ? -MAX_FIGURE_CENTS : 0;
    if (!Number.isSafeInteger(value) || value < low || value > MAX_FIGURE_CENTS) return { code: 'FIGURE_OUT_OF_RANGE', field: `${prefix}.${key}` };
  }
  return null;
}

/** The first figure of `fund`'s group out of range (see `checkRanges`), or null: the check that needs no stored data. */
export function figureRangeRefusal(fund: 'PK' | 'VK', figures: PkStatementFigures | VkStatementFigures): FigureRefusal | null {
  return fund === 'PK' ? checkRanges(figures, PK_FIGURE_KEYS, 'figures.pk') : checkRanges(figures, VK_FIGURE_KEYS, 'figures.vk');
}

/** The movements of a PK year (integer cents): what rolls the total capital forward. */
type PkMovements = Pick<
  PkStatementFigures,
  | 'employerContributionsCents'
  | 'employeeContributionsCents'
  | 'employerTransfersCents'
  | 'employeeTransfersCents'
  | 'premium108aCents'
  | 'investmentResultCents'
  | 'costsCents'
  | 'pensionPaymentsCents'
>;

/**
 * The PK total capital (integer cents) a statement must show after `opening` (the previous year's total capital, 0 for
 * the first): opening + contributions + transfers + § 108a premium + investment result − costs − pension payments.
 */
export function pkRolledForward(opening: number, f: PkMovements): number {
  return (
    opening +
    f.employerContributionsCents +
    f.employeeContributionsCents +
    f.employerTransfersCents +
    f.employeeTransfersCents +
    f.premium108aCents +
    f.investmentResultCents -
    f.costsCents -
    f.pensionPaymentsCents
  );
}

/**
 * The neighbours a new statement is checked against: the statement of the year before (or null), whether the account
 * has any earlier statement at all, and the statement of the year after (or null).
 */
export interface Neighbours<F> {
  previousYear: F | null;
  anyEarlier: boolean;
  nextYear: F | null;
}

/** The opening balance a roll-forward starts from: the year before's, 0 for an account's first statement, null (not checked) after a gap. */
function openingOf<F>(n: Neighbours<F>, closing: (f: F) => number): number | null {
  if (n.previousYear) return closing(n.previousYear);
  return n.anyEarlier ? null : 0;
}

/**
 * Checks PK figures (`pk_statements` invariants): every figure in range; totalCapital = reserve + fluctuationReserve;
 * totalCapital = the year before's totalCapital (0 for the first statement) + contributions + transfers + § 108a
 * premium + investment result − costs − pension payments; and the statement of the year after, when there is one, rolls
 * forward from this one. After a gap in the years the roll-forward is not checked: the balance waterfall shows the
 * difference as OTHER_CHANGE (schema/contract/balance-steps.ts). Null when the figures are accepted.
 */
export function checkPkFigures(f: PkStatementFigures, n: Neighbours<PkStatementFigures>): FigureRefusal | null {
  const range = checkRanges(f, PK_FIGURE_KEYS, 'figures.pk');
  if (range) return range;
  const addUp: FigureRefusal = { code: 'FIGURES_DO_NOT_ADD_UP', field: 'figures.pk.totalCapitalCents' };
  if (f.totalCapitalCents !== f.reserveCents + f.fluctuationReserveCents) return addUp;
  const opening = openingOf(n, (p) => p.totalCapitalCents);
  if (opening !== null && f.totalCapitalCents !== pkRolledForward(opening, f)) return addUp;
  if (n.nextYear && n.nextYear.totalCapitalCents !== pkRolledForward(f.totalCapitalCents, n.nextYear)) return addUp;
  return null;
}

/** The movements of a VK year (integer cents): what rolls the three balances forward. */
type VkMovements = Pick<
  VkStatementFigures,
  | 'contributionsCents'
  | 'transfersInCents'
  | 'investmentResultCents'
  | 'loyaltyBonusCents'
  | 'surplusShareCents'
  | 'administrationCostsCents'
  | 'svCarrierCostsCents'
  | 'payoutCents'
>;

/**
 * The three VK balances (integer cents) a statement must show after the year before's `opening` (all 0 for the first
 * statement): the entitlement moves by every movement, the guaranteed capital (§ 24 BMSVG) by contributions and
 * transfers less payouts, the paid-out total by the payouts.
 */
export function vkRolledForward(opening: VkBalances, f: VkMovements): VkBalances {
  return {
    totalEntitlementCents:
      opening.totalEntitlementCents +
      f.contributionsCents +
      f.transfersInCents +
      f.investmentResultCents +
      f.loyaltyBonusCents +
      f.surplusShareCents -
      f.administrationCostsCents -
      f.svCarrierCostsCents -
      f.payoutCents,
    guaranteedCapitalCents: opening.guaranteedCapitalCents + f.contributionsCents + f.transfersInCents - f.payoutCents,
    paidOutTotalCents: opening.paidOutTotalCents + f.payoutCents,
  };
}

type VkBalances = Pick<VkStatementFigures, 'totalEntitlementCents' | 'guaranteedCapitalCents' | 'paidOutTotalCents'>;
const VK_BALANCES = ['totalEntitlementCents', 'guaranteedCapitalCents', 'paidOutTotalCents'] as const;
const ZERO_BALANCES: VkBalances = { totalEntitlementCents: 0, guaranteedCapitalCents: 0, paidOutTotalCents: 0 };

/** The first of the three balances of `f` that differs from `expected`, or null. */
function vkMismatch(f: VkStatementFigures, expected: VkBalances): string | null {
  return VK_BALANCES.find((k) => f[k] !== expected[k]) ?? null;
}

/**
 * Checks VK figures (`vk_statements` invariants, § 24 BMSVG capital guarantee): every figure in range; from the year
 * before's balances (0 for the first statement) totalEntitlement moves by contributions + transfers in + investment
 * result + loyalty bonus + surplus share − administration costs − collection fee − payout, guaranteedCapital by
 * contributions + transfers in − payout, paidOutTotal by payout; and the year after, when there is one, rolls forward
 * from this one. After a gap in the years the roll-forward is not checked (OTHER_CHANGE in the waterfall). Null when
 * the figures are accepted.
 */
export function checkVkFigures(f: VkStatementFigures, n: Neighbours<VkStatementFigures>): FigureRefusal | null {
  const range = checkRanges(f, VK_FIGURE_KEYS, 'figures.vk');
  if (range) return range;
  const opening = n.previousYear ?? (n.anyEarlier ? null : ZERO_BALANCES);
  const own = opening ? vkMismatch(f, vkRolledForward(opening, f)) : null;
  if (own) return { code: 'FIGURES_DO_NOT_ADD_UP', field: `figures.vk.${own}` };
  const next = n.nextYear ? vkMismatch(n.nextYear, vkRolledForward(f, n.nextYear)) : null;
  if (next) return { code: 'FIGURES_DO_NOT_ADD_UP', field: `figures.vk.${next}` };
  return null;
}

/** Only the figure columns of a PK statement row (or input object), in the table's order. */
export function pkFiguresOf(source: PkStatementFigures): PkStatementFigures {
  return Object.fromEntries(PK_FIGURE_KEYS.map((k) => [k, source[k]])) as PkStatementFigures;
}

/** Only the figure columns of a VK statement row (or input object), in the table's order. */
export function vkFiguresOf(source: VkStatementFigures): VkStatementFigures {
  return Object.fromEntries(VK_FIGURE_KEYS.map((k) => [k, source[k]])) as VkStatementFigures;
}
