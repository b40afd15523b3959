/**
 * Pure building blocks of the seed generator: the yearly roll-forward of Pensionskasse (PK) contracts and
 * Vorsorgekasse (VK) accounts (calendar helpers in db/seed/calendar.ts, the seeded market in db/seed/market.ts).
 *
 * All money is integer cents. Every flow is rounded on its own (Math.round) and the balances are plain sums
 * of those integers, so the invariants documented in db/schema/pension-fund.ts and db/schema/severance-fund.ts
 * hold to the cent:
 * - PK: total = previous total + employerContributions + employeeContributions + employerTransfers
 *   + employeeTransfers + premium108a + investmentResult - costs - pensionPayments; total = reserve + fluctuationReserve.
 * - VK: total = previous total + contributions + transfersIn + investmentResult + loyaltyBonus + surplusShare
 *   - administrationCosts - svCarrierCosts - payout; guaranteed = previous guaranteed + contributions + transfersIn
 *   - payout; paidOutTotal = previous paidOutTotal + payout.
 */
import type { PkBalanceFigures, VkBalanceFigures } from '@contract/balance-steps';
import { legalFiguresFor } from '@contract/legal-figures';
import type { Rng } from './random';
import { firstDayOfMonth, type Gender, lastDayOfMonth, monthIndex, statutoryPensionStart, yearOf } from './calendar';
import { grossPayCents, type Market, monthlySalaryCents, monthsInYear, type SalaryPath } from './market';

// ---------------------------------------------------------------------------------------------------------------
// Pensionskasse
// ---------------------------------------------------------------------------------------------------------------

/** Cap of own contributions that earn the § 108a EStG premium: 1,000 EUR a year (the rate: the year's legal figures). */
export const PREMIUM_108A_CAP_CENTS = 100_000;
/** Yearly PK cost: 0.3 % of the capital at the start of the year plus a fixed 15 EUR. */
export const PK_COST_RATE = 0.003;
export const PK_FIXED_COST_CENTS = 1500;
/** Years of pension payments assumed by the annuity factor of projections and pension awards. */
export const ANNUITY_YEARS = 25;

/**
 * Annuity-due factor: present value at the calculation interest rate of 1 per year paid at the start of each of
 * `years` years, `(1 - v^n) / i × (1 + i)` with `v = 1 / (1 + i)`. About 19.9 at 2 % over 25 years.
 */
export function annuityFactor(rateBp: number, years: number): number {
  const i = rateBp / 10_000;
  if (years <= 0) return 0;
  if (i === 0) return years;
  return ((1 - (1 + i) ** -years) / i) * (1 + i);
}

/**
 * Projected yearly pension (cents per year, i.e. 14 monthly payments) at the statutory pension start, from one
 * statement:
 *
 *   n       = max(0, pension start year − statement year)          (whole years still to accumulate)
 *   i       = calculation interest rate (Rechnungszins) of the contract
 *   capital = total × (1 + i)^n + c × ((1 + i)^n − 1) / i           (c = current yearly contribution level,
 *                                                                     0 when contributions have stopped)
 *   pension = round(capital / annuityFactor(i, 25))                 (annuity-due over 25 years, ≈ 20 at 2 %)
 *
 * The capital grows only at the calculation interest rate (no investment surplus is assumed), as a fund would
 * project conservatively.
 */
export function projectYearlyPensionCents(totalCents: number, yearlyContributionCents: number, rateBp: number, yearsToPension: number): number {
  const i = rateBp / 10_000;
  const n = Math.max(0, yearsToPension);
  const growth = (1 + i) ** n;
  const annuity = i === 0 ? n : (growth - 1) / i;
  const capital = Math.max(0, totalCents) * growth + yearlyContributionCents * annuity;
  return Math.round(capital / annuityFactor(rateBp, ANNUITY_YEARS));
}

/** Everything that determines a PK contract's statements. Month indexes as in `monthIndex`. */
export interface PkPlan {
  birthDate: string;
  gender: Gender;
  /** First month of the contract (and of employer contributions); its year is the first statement year. */
  startMonth: number;
  /** Last statement year (today's year − 1). */
  lastYear: number;
  vrg: number;
  /** Rechnungszins in basis points. */
  rateBp: number;
  salary: SalaryPath;
  /** Employer contribution in per mille of gross pay incl. special payments (20..50 = 2..5 %). */
  employerRatePermille: number;
  /** Last month with contributions (the member left the employer); null while contributions flow. */
  contributionsEndMonth: number | null;
  /** Own contributions (Eigenbeiträge): monthly amount in cents, and the chance that a year has any. */
  ownContribution: { monthlyCents: number; yearProbability: number } | null;
  /** One transfer in from the employer (for example from a former plan): year and cents. */
  employerTransfer: { year: number; cents: number } | null;
  /** One transfer in by the employee (for example a Vorsorgekasse entitlement moved in): year and cents. */
  employeeTransfer: { year: number; cents: number } | null;
  /** Shortfall (Fehlbetrag) at the first statement in cents; 0 for none. Amortised by ≥ a tenth a year. */
  shortfallStartCents: number;
  /** First month of the pension for a beneficiary (contributions end the month before); null for a member. */
  pensionStartMonth: number | null;
}

/** One PK statement's figures (cents) at 31.12. of `year`: the movements the balance steps are made of, and more. */
export interface PkStatementFigures extends Omit<PkBalanceFigures, 'stichtag'> {
  year: number;
  reserveCents: number;
  fluctuationReserveCents: number;
  shortfallCents: number;
  projectedYearlyPensionCents: number;
}

/** The statements of a PK contract, oldest first, and the awarded monthly pension (cents) for a beneficiary. */
export interface PkHistory {
  statements: PkStatementFigures[];
  role: 'MEMBER' | 'BENEFICIARY';
  pensionStartDate: string | null;
  monthlyPensionCents: number | null;
}

/**
 * Rolls a PK contract forward from its first year to `plan.lastYear`, one statement per 31.12.
 *
 * Members: reserve = total − fluctuation reserve, the fluctuation reserve being the VRG's year-end share of the
 * total. Beneficiaries (from the pension start): the monthly pension is the reserve at the 31.12. before the
 * pension start / annuityFactor(rate, 25) / 14; the reserve is the present value of the remaining pension payments (so it
 * shrinks every year) and the fluctuation reserve takes the rest.
 */
export function buildPkHistory(plan: PkPlan, market: Market, rng: Rng): PkHistory {
  const firstYear = yearOf(plan.startMonth);
  const pensionYear = plan.pensionStartMonth === null ? null : yearOf(plan.pensionStartMonth);
  const contributionEnd =
    plan.pensionStartMonth !== null ? Math.min(plan.pensionStartMonth - 1, plan.contributionsEndMonth ?? Number.MAX_SAFE_INTEGER) : plan.contributionsEndMonth;
  const retirementYear = Number(statutoryPensionStart(plan.birthDate, plan.gender).slice(0, 4));
  const statements: PkStatementFigures[] = [];
  let total = 0;
  let shortfall = plan.shortfallStartCents;
  const shortfallTenth = Math.ceil(plan.shortfallStartCents / 10);
  let monthlyPension: number | null = null;

  let prevReserve = 0;
  for (let year = firstYear; year <= plan.lastYear; year++) {
    const prev = total;
    const months = monthsInYear(year, plan.startMonth, contributionEnd);
    const employerContributions = Math.round((grossPayCents(plan.salary, year, months) * plan.employerRatePermille) / 1000);

    let employeeContributions = 0;
    if (plan.ownContribution && months > 0 && rng.chance(plan.ownContribution.yearProbability)) {
      const ownMonths = rng.chance(0.6) ? months : rng.int(1, months);
      employeeContributions = plan.ownContribution.monthlyCents * ownMonths;
    }
    const premium108a = employeeContributions > 0 ? Math.round(Math.min(employeeContributions, PREMIUM_108A_CAP_CENTS) * (legalFiguresFor(year).premiumRateBp / 10_000)) : 0;
    const employerTransfers = plan.employerTransfer?.year === year ? plan.employerTransfer.cents : 0;
    const employeeTransfers = plan.employeeTransfer?.year === year ? plan.employeeTransfer.cents : 0;
    const investmentResult = Math.round(prev * market.pkReturn(plan.vrg, year));

    // Pension award at the start of the pension year, from the actuarial reserve (without the fluctuation
    // reserve) at the previous 31.12.
    let pensionPayments = 0;
    if (pensionYear !== null && plan.pensionStartMonth !== null && year >= pensionYear) {
      if (monthlyPension === null) monthlyPension = Math.round(prevReserve / annuityFactor(plan.rateBp, ANNUITY_YEARS) / 14);
      const paidMonths = monthsInYear(year, plan.pensionStartMonth, null);
      pensionPayments = Math.round((monthlyPension * paidMonths * 14) / 12);
    }

    const inflows = prev + employerContributions + employeeContributions + employerTransfers + employeeTransfers + premium108a + investmentResult;
    // Costs never take more than there is (matters only for tiny, long contribution-free capitals).
    const costs = Math.max(0, Math.min(Math.round(prev * PK_COST_RATE) + PK_FIXED_COST_CENTS, inflows - pensionPayments));
    total = inflows - costs - pensionPayments;

    let reserve: number;
    let fluctuation: number;
    if (pensionYear !== null && monthlyPension !== null && year >= pensionYear) {
      const remainingYears = Math.max(1, ANNUITY_YEARS - (year - pensionYear + 1));
      reserve = Math.round(monthlyPension * 14 * annuityFactor(plan.rateBp, remainingYears));
      fluctuation = total - reserve;
    } else {
      fluctuation = Math.round(total * market.pkFluctuationShare(plan.vrg, year));
      reserve = total - fluctuation;
    }

    prevReserve = reserve;
    if (year > firstYear && shortfall > 0) shortfall = Math.max(0, shortfall - shortfallTenth - rng.int(0, shortfallTenth));

    let projected: number;
    if (monthlyPension !== null) projected = monthlyPension * 14;
    else {
      const contributing = contributionEnd === null || contributionEnd >= monthIndex(year, 12);
      const yearlyLevel = contributing
        ? Math.round((monthlySalaryCents(plan.salary, year) * 14 * plan.employerRatePermille) / 1000) + (plan.ownContribution ? plan.ownContribution.monthlyCents * 12 : 0)
        : 0;
      projected = projectYearlyPensionCents(total, yearlyLevel, plan.rateBp, retirementYear - year);
    }

    statements.push({
      year,
      reserveCents: reserve,
      fluctuationReserveCents: fluctuation,
      totalCapitalCents: total,
      employerContributionsCents: employerContributions,
      employeeContributionsCents: employeeContributions,
      employerTransfersCents: employerTransfers,
      employeeTransfersCents: employeeTransfers,
      premium108aCents: premium108a,
      investmentResultCents: investmentResult,
      costsCents: costs,
      pensionPaymentsCents: pensionPayments,
      shortfallCents: shortfall,
      projectedYearlyPensionCents: projected,
    });
  }

  const isBeneficiary = plan.pensionStartMonth !== null && pensionYear !== null && pensionYear <= plan.lastYear;
  return {
    statements,
    role: isBeneficiary ? 'BENEFICIARY' : 'MEMBER',
    pensionStartDate: isBeneficiary && plan.pensionStartMonth !== null ? firstDayOfMonth(plan.pensionStartMonth) : null,
    monthlyPensionCents: isBeneficiary ? monthlyPension : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Vorsorgekasse
// ---------------------------------------------------------------------------------------------------------------

/** VK contribution: 1.53 % of gross pay including special payments (§ 6 BMSVG). */
export const VK_CONTRIBUTION_RATE = 0.0153;
/** Collection fee of the social insurance carrier: 0.3 % of the contributions. */
export const VK_SV_CARRIER_RATE = 0.003;
/** Administration costs: 2 % of the contributions plus a 0.7 % yearly management fee on the capital. */
export const VK_ADMIN_CONTRIBUTION_RATE = 0.02;
export const VK_MANAGEMENT_FEE_RATE = 0.007;
/** Contribution months that, with an ended employment, give the right to decide (§ 14 BMSVG). */
export const RIGHT_TO_DECIDE_MONTHS = 36;

/** Everything that determines a VK account's statements. Month indexes as in `monthIndex`. */
export interface VkAccountPlan {
  /** First contribution month (the second month of the employment). */
  firstMonth: number;
  /** Last contribution month of an ended employment; null while the account is ACTIVE. */
  lastMonth: number | null;
  /** Last statement year (today's year − 1). */
  lastYear: number;
  salary: SalaryPath;
  /** One transfer in from another Vorsorgekasse: year and cents. */
  transferIn: { year: number; cents: number } | null;
  /** Allow a rare partial payout once the right to decide exists (population only). */
  allowPayout: boolean;
}

/** One VK statement's figures (cents) at 31.12. of `year`. */
export interface VkStatementFigures extends Omit<VkBalanceFigures, 'stichtag'> {
  year: number;
  guaranteedCapitalCents: number;
  paidOutTotalCents: number;
}

/** The account row fields and the statements (oldest first) of a VK account. */
export interface VkHistory {
  statements: VkStatementFigures[];
  status: 'ACTIVE' | 'DORMANT';
  /** First contribution month, `YYYY-MM-01`. */
  startDate: string;
  /** Last day of the last contribution month, or null while ACTIVE. */
  endDate: string | null;
  /** First day after the employment ended when it had ≥ 36 contribution months; else null. */
  rightToDecideSince: string | null;
  /** Contribution months of an ended employment (null while ACTIVE). */
  contributionMonths: number | null;
}

/**
 * Rolls a VK account forward from the year of its first contribution month to `plan.lastYear`, one statement
 * per 31.12. Contributions = round(gross pay incl. special payments of the contribution months × 1.53 %).
 * Dormant accounts keep getting statements (investment result and management fee, no contributions).
 *
 * Payouts: when allowed, a rare partial payout (30-70 % of the entitlement, never more than the guaranteed
 * capital) in a year after the right to decide arose; a full payout would leave the guaranteed capital at
 * minus the accumulated result under the schema's guaranteed-capital equation, so the generator avoids it.
 */
export function buildVkHistory(plan: VkAccountPlan, market: Market, rng: Rng): VkHistory {
  const firstYear = yearOf(plan.firstMonth);
  const contributionMonths = plan.lastMonth === null ? null : plan.lastMonth - plan.firstMonth + 1;
  const rightToDecideSince = plan.lastMonth !== null && contributionMonths !== null && contributionMonths >= RIGHT_TO_DECIDE_MONTHS ? firstDayOfMonth(plan.lastMonth + 1) : null;
  const rightYear = rightToDecideSince === null ? null : Number(rightToDecideSince.slice(0, 4));

  const statements: VkStatementFigures[] = [];
  let total = 0;
  let guaranteed = 0;
  let paidOut = 0;
  let paidOnce = false;
  for (let year = firstYear; year <= plan.lastYear; year++) {
    const prev = total;
    const months = monthsInYear(year, plan.firstMonth, plan.lastMonth);
    const contributions = Math.round(grossPayCents(plan.salary, year, months) * VK_CONTRIBUTION_RATE);
    const transfersIn = plan.transferIn?.year === year ? plan.transferIn.cents : 0;
    const svCarrierCosts = Math.round(contributions * VK_SV_CARRIER_RATE);
    const administrationCosts = Math.round(contributions * VK_ADMIN_CONTRIBUTION_RATE) + Math.round(prev * VK_MANAGEMENT_FEE_RATE);
    const investmentResult = Math.round(prev * market.vkReturn(year));
    const loyaltyBonus = prev > 0 && rng.chance(0.04) ? Math.round(prev * rng.float(0.001, 0.005)) : 0;
    const surplusShare = prev > 0 && rng.chance(0.06) ? Math.round(prev * rng.float(0.0005, 0.003)) : 0;
    const beforePayout = prev + contributions + transfersIn + investmentResult + loyaltyBonus + surplusShare - administrationCosts - svCarrierCosts;

    let payout = 0;
    if (plan.allowPayout && !paidOnce && rightYear !== null && year > rightYear && rng.chance(0.02)) {
      const wanted = Math.round(beforePayout * rng.float(0.3, 0.7));
      const guaranteeLeft = guaranteed + contributions + transfersIn;
      if (wanted > 0 && wanted <= guaranteeLeft) {
        payout = wanted;
        paidOnce = true;
      }
    }

    total = beforePayout - payout;
    guaranteed = guaranteed + contributions + transfersIn - payout;
    paidOut = paidOut + payout;
    statements.push({
      year,
      totalEntitlementCents: total,
      guaranteedCapitalCents: guaranteed,
      paidOutTotalCents: paidOut,
      contributionsCents: contributions,
      transfersInCents: transfersIn,
      administrationCostsCents: administrationCosts,
      svCarrierCostsCents: svCarrierCosts,
      investmentResultCents: investmentResult,
      payoutCents: payout,
      loyaltyBonusCents: loyaltyBonus,
      surplusShareCents: surplusShare,
    });
  }

  return {
    statements,
    status: plan.lastMonth === null ? 'ACTIVE' : 'DORMANT',
    startDate: firstDayOfMonth(plan.firstMonth),
    endDate: plan.lastMonth === null ? null : lastDayOfMonth(plan.lastMonth),
    rightToDecideSince,
    contributionMonths,
  };
}
