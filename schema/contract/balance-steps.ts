/**
 * "Warum sich Ihr Guthaben verändert hat": the steps from one statement's balance to the next (spec 001 section 3
 * "Account info, pension fund" / "Account info, severance fund"; decision 0049). One pure function per fund, used by
 * the GraphQL field `balanceChange` of both statement types (server), the account information page (web, through
 * that field) and the statement PDFs, so screen, API and letter always show the same steps.
 *
 * All money is integer euro cents. The steps are the statement's own stored yearly movements, signed (inflows
 * positive, costs and payments negative); the sum of all steps is exactly `closingCents − openingCents`. When the
 * stored movements do not explain the whole difference (for example a gap between two statements, or a correction
 * booked without a movement), the remainder is shown as an explicit step `OTHER_CHANGE`, computed as the difference
 * and never spread over the other steps. Zero movements are left out.
 *
 * Opening balance: the closing balance of the previous statement; for the first statement there is none, and the
 * opening balance is 0 at 1 January of the statement's year (the first statement starts the account).
 */
import catalogue from './i18n/de/account-info.json';
import { fill } from './i18n/fill';
import { formatDate, formatMoney, NBSP } from './format';

/** What a step is; also the key of its label and sentence in the catalogue `accountInfo.balanceChange.steps`. */
export const BALANCE_STEP_KINDS = [
  'EMPLOYER_CONTRIBUTIONS',
  'EMPLOYEE_CONTRIBUTIONS',
  'CONTRIBUTIONS',
  'EMPLOYER_TRANSFERS',
  'EMPLOYEE_TRANSFERS',
  'TRANSFERS_IN',
  'PREMIUM_108A',
  'INVESTMENT_RESULT',
  'LOYALTY_BONUS',
  'SURPLUS_SHARE',
  'COSTS',
  'ADMINISTRATION_COSTS',
  'SV_CARRIER_COSTS',
  'PENSION_PAYMENTS',
  'PAYOUT',
  'OTHER_CHANGE',
] as const;

export type BalanceStepKind = (typeof BALANCE_STEP_KINDS)[number];

/** One movement: its kind and signed amount in cents (positive raises the balance, negative lowers it). */
export interface BalanceStep {
  kind: BalanceStepKind;
  amountCents: number;
}

/** The way from the opening to the closing balance of one statement. */
export interface BalanceChange {
  /** ISO date of the opening balance: the previous Stichtag, or 1 January of the statement's year for the first. */
  openingDate: string;
  /** Balance at `openingDate` in cents (0 for the first statement). */
  openingCents: number;
  /** The statement's Stichtag (ISO). */
  closingDate: string;
  /** The statement's balance in cents (PK: total capital; VK: total entitlement). */
  closingCents: number;
  /** The movements in display order; their sum is exactly `closingCents − openingCents`. */
  steps: BalanceStep[];
  /** True when there is no previous statement and the opening balance is the start of the account. */
  firstStatement: boolean;
}

/** The PK statement figures the steps are made of (a `pk_statements` row has them all). */
export interface PkBalanceFigures {
  stichtag: string;
  totalCapitalCents: number;
  employerContributionsCents: number;
  employeeContributionsCents: number;
  employerTransfersCents: number;
  employeeTransfersCents: number;
  premium108aCents: number;
  investmentResultCents: number;
  costsCents: number;
  pensionPaymentsCents: number;
}

/** The VK statement figures the steps are made of (a `vk_statements` row has them all). */
export interface VkBalanceFigures {
  stichtag: string;
  totalEntitlementCents: number;
  contributionsCents: number;
  transfersInCents: number;
  administrationCostsCents: number;
  svCarrierCostsCents: number;
  investmentResultCents: number;
  payoutCents: number;
  loyaltyBonusCents: number;
  surplusShareCents: number;
}

function assertCents(name: string, cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`balance step ${name} expects integer cents, got ${cents}`);
}

/** Opening, movements (zeros dropped) and the explicit remainder; the shared tail of both funds. */
function build(stichtag: string, closingCents: number, previous: { stichtag: string; balanceCents: number } | null, movements: BalanceStep[]): BalanceChange {
  assertCents('closing', closingCents);
  if (previous) assertCents('opening', previous.balanceCents);
  for (const m of movements) assertCents(m.kind, m.amountCents);
  const openingCents = previous?.balanceCents ?? 0;
  const steps = movements.filter((m) => m.amountCents !== 0);
  const explained = steps.reduce((sum, s) => sum + s.amountCents, 0);
  const rest = closingCents - openingCents - explained;
  if (rest !== 0) steps.push({ kind: 'OTHER_CHANGE', amountCents: rest });
  return {
    openingDate: previous?.stichtag ?? `${stichtag.slice(0, 4)}-01-01`,
    openingCents,
    closingDate: stichtag,
    closingCents,
    steps,
    firstStatement: previous === null,
  };
}

/** `EMPLOYER_CONTRIBUTIONS` → `employerContributions`: the name a step kind has among the statement figures. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}` : Lowercase<S>;

/** The statement figure (integer cents, unsigned) a step kind is read from: `PREMIUM_108A` → `premium108aCents`. */
type FigureOf<K extends BalanceStepKind> = `${CamelCase<K>}Cents`;

/**
 * The steps of `kinds` in that order, each read from its figure in `figures` (`FigureOf`, so a kind without its
 * figure does not compile): inflows as stored, outflows (costs, payments) negated.
 */
function movementsOf<K extends BalanceStepKind>(figures: Record<FigureOf<K>, number>, kinds: readonly K[], direction: 'inflow' | 'outflow'): BalanceStep[] {
  const sign = direction === 'inflow' ? 1 : -1;
  return kinds.map((kind) => {
    const figure = `${kind.toLowerCase().replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase())}Cents` as FigureOf<K>;
    return { kind, amountCents: sign * figures[figure] };
  });
}

/**
 * Pensionskasse: from the previous total capital (reserve plus fluctuation reserve) to this one. The fluctuation
 * reserve is part of the total capital on both sides, so its change needs no step of its own.
 * @param previous the statement before (any earlier Stichtag), or null for the first statement.
 * @throws RangeError when a figure is not integer cents.
 */
export function pkBalanceChange(s: PkBalanceFigures, previous: Pick<PkBalanceFigures, 'stichtag' | 'totalCapitalCents'> | null): BalanceChange {
  return build(s.stichtag, s.totalCapitalCents, previous && { stichtag: previous.stichtag, balanceCents: previous.totalCapitalCents }, [
    ...movementsOf(s, ['EMPLOYER_CONTRIBUTIONS', 'EMPLOYEE_CONTRIBUTIONS', 'EMPLOYER_TRANSFERS', 'EMPLOYEE_TRANSFERS', 'PREMIUM_108A', 'INVESTMENT_RESULT'], 'inflow'),
    ...movementsOf(s, ['COSTS', 'PENSION_PAYMENTS'], 'outflow'),
  ]);
}

/**
 * Vorsorgekasse: from the previous total entitlement to this one. The guaranteed capital (§ 24 BMSVG) is a floor
 * on a payout, not a booking, so it is not a step.
 * @param previous the statement before (any earlier Stichtag), or null for the first statement.
 * @throws RangeError when a figure is not integer cents.
 */
export function vkBalanceChange(s: VkBalanceFigures, previous: Pick<VkBalanceFigures, 'stichtag' | 'totalEntitlementCents'> | null): BalanceChange {
  return build(s.stichtag, s.totalEntitlementCents, previous && { stichtag: previous.stichtag, balanceCents: previous.totalEntitlementCents }, [
    ...movementsOf(s, ['CONTRIBUTIONS', 'TRANSFERS_IN', 'INVESTMENT_RESULT', 'LOYALTY_BONUS', 'SURPLUS_SHARE'], 'inflow'),
    ...movementsOf(s, ['ADMINISTRATION_COSTS', 'SV_CARRIER_COSTS', 'PAYOUT'], 'outflow'),
  ]);
}

/** The statement before `stichtag` among `statements` (any order), or null. */
export function previousStatement<T extends { stichtag: string }>(statements: readonly T[], stichtag: string): T | null {
  let best: T | null = null;
  for (const s of statements) if (s.stichtag < stichtag && (best === null || s.stichtag > best.stichtag)) best = s;
  return best;
}

/** One line of the explanation table: the opening balance, a step, or the closing balance. */
export interface BalanceChangeRow {
  /** 'OPENING', a step kind, or 'CLOSING'; unique within one change (used as a React key). */
  key: 'OPENING' | BalanceStepKind | 'CLOSING';
  label: string;
  /** Signed cents: the balance for OPENING and CLOSING, the movement for a step. */
  amountCents: number;
  /** One plain-language sentence (formal Sie) explaining the line. */
  sentence: string;
}

const TEXTS = catalogue.accountInfo.balanceChange;

/**
 * The rows of "Warum sich Ihr Guthaben verändert hat" with their German labels and sentences (catalogue
 * `accountInfo.balanceChange`), the same on the account information page and in the statement PDF (decision 0049).
 * Amounts inside sentences are unsigned (the sentence says whether money came in or went out).
 * @param space between amount and `€` inside sentences: a no-break space on screen (default), `' '` in PDFs.
 */
export function balanceChangeRows(change: BalanceChange, space: string = NBSP): BalanceChangeRow[] {
  const amount = (cents: number) => formatMoney(Math.abs(cents), space);
  const opening = formatDate(change.openingDate);
  const closing = formatDate(change.closingDate);
  return [
    {
      key: 'OPENING',
      label: fill(TEXTS.opening, { date: opening }),
      amountCents: change.openingCents,
      sentence: change.firstStatement ? TEXTS.openingFirstSentence : fill(TEXTS.openingSentence, { date: opening }),
    },
    ...change.steps.map((step) => {
      const texts: { label: string; sentence: string; sentenceNegative?: string } = TEXTS.steps[step.kind];
      const template = step.amountCents < 0 && texts.sentenceNegative ? texts.sentenceNegative : texts.sentence;
      return { key: step.kind, label: texts.label, amountCents: step.amountCents, sentence: fill(template, { amount: amount(step.amountCents) }) };
    }),
    { key: 'CLOSING', label: fill(TEXTS.closing, { date: closing }), amountCents: change.closingCents, sentence: fill(TEXTS.closingSentence, { date: closing }) },
  ];
}
