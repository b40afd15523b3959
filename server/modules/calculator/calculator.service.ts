import type { PersonRow, PkContractRow, PkStatementRow } from '../../../db/schema';
import type { TenantDefinition } from '../../tenants';
import type { AccountsService } from '../accounts/accounts.service';
import type { PersonStore } from '../person/person.store';
import type { Clock } from '../../platform/shared/clock';
import type { RequestScope } from '../../platform/shared/request-scope';
import { isoDateVienna } from '@contract/dates';
import { legalFiguresFor } from '@contract/legal-figures';
import { LIFE_TABLE } from './annuity.rules';
import { calculatorAccessOf } from './calculator-access.rules';
import { FICTITIOUS_RETURN_BP, MAX_DATA_AGE_MONTHS, SEVERANCE_CONTRIBUTION_RATE_BP, SEVERANCE_FEE_BP, projectPension } from './calculator.rules';
import { monthsBetween } from '@contract/dates';
import { calculatorDateBounds, validateCalculatorInput, type CalculatorContext, type CalculatorInput } from '@contract/calculator';
import { calculatorPrintLetter } from './calculator.print';
import type { CalculatorView, ProjectOutcome } from './calculator.view';
import { renderLetter } from '../documents/pdf/letter';
import { recipientOf } from '../documents/pdf/templates';

/** Default expected return with a PK contract: 3.00 % a year (an assumption shown on screen; the member may change it). */
export const DEFAULT_RETURN_PERCENT = 3;
/** Default yearly growth of income and employer contributions: 2.00 %. */
export const DEFAULT_GROWTH_PERCENT = 2;

const toBp = (percent: number) => Math.round(percent * 100);

/**
 * The pension calculator of the session's person (spec 001 sections 3, 5, 6, 9; decision 0017): the restriction, the
 * prefilled inputs from the person's contracts and latest statements, the projection and its PDF. Everything is read
 * through the person id of the session (accounts service and person store), so no input can reach another member.
 * Built once per process; contracts and statements are read through the DataLoaders of the request's scope.
 */
export function createCalculatorService(deps: { accounts: AccountsService; personStore: PersonStore; tenant: TenantDefinition; clock: Clock }) {
  const { accounts, personStore, tenant, clock } = deps;

  async function latestPk(scope: RequestScope, contract: PkContractRow): Promise<PkStatementRow | null> {
    return accounts.pensionStatement(scope, contract);
  }

  /** The calculator screen of the person: access or refusal, dates, bounds and the prefilled inputs. */
  async function view(scope: RequestScope, personId: number): Promise<CalculatorView> {
    const person = await personStore.findById(personId);
    if (!person) throw new Error(`person ${personId} missing`);
    const today = isoDateVienna(clock.now());
    const contracts = await accounts.pensionContracts(scope, personId);
    const pk = await Promise.all(contracts.map(async (c) => ({ contract: c, statement: await latestPk(scope, c), vrg: await scope.loaders.vrgByNumber.load(c.vrg) })));
    const vkAccounts = (await accounts.severanceAccounts(scope, personId)).filter((a) => a.status !== 'CLOSED');
    const vk = await Promise.all(vkAccounts.map(async (a) => ({ account: a, statement: await accounts.severanceStatement(scope, a) })));
    const vkWithData = vk.filter((v) => v.statement);
    const { access, refusal } = calculatorAccessOf({
      membershipActive: person.membershipStatus === 'ACTIVE',
      termsPending: person.termsPending !== null,
      pensionContracts: pk.map((p) => ({
        role: p.contract.role,
        calculatorAccess: p.contract.calculatorAccess,
        vrgActive: p.vrg?.active ?? false,
        hasStatement: p.statement !== null,
      })),
      severanceAccountsWithData: vkWithData.length,
    });
    const member = pk.find((p) => p.contract.role === 'MEMBER' && p.statement) ?? null;
    const vkDates = vkWithData.map((v) => v.statement!.stichtag).sort();
    const dataDate = member?.statement?.stichtag ?? vkDates.at(-1) ?? null;
    const calculationDate = dataDate ?? today;
    const gender = person.gender;
    const ctx: CalculatorContext = { today, calculationDate, gender };
    const bounds = calculatorDateBounds(ctx, person.birthDate);
    const retirementDate = bounds.statutoryRetirementDate > bounds.earliestRetirementDate ? bounds.statutoryRetirementDate : bounds.earliestRetirementDate;
    const severanceCapital = vkWithData.reduce((s, v) => s + v.statement!.totalEntitlementCents, 0);
    const activeVk = vkWithData.filter((v) => v.account.status === 'ACTIVE');
    const lastVkContributions = activeVk.reduce((s, v) => s + v.statement!.contributionsCents, 0);
    const full = access === 'FULL';
    const defaults: CalculatorInput = {
      birthDate: person.birthDate,
      retirementDate,
      employerAnnualContribution: full ? (member?.statement?.employerContributionsCents ?? 0) : 0,
      employerPaymentEnd: retirementDate,
      employerGrowthRate: full ? DEFAULT_GROWTH_PERCENT : 0,
      ownAnnualContribution: member?.statement?.employeeContributionsCents ?? 0,
      ownContributionStart: bounds.earliestPaymentEndDate,
      ownContributionEnd: retirementDate,
      ownGrowthRate: 0,
      transferAmount: 0,
      transferDate: null,
      expectedReturn: access === 'FICTITIOUS' ? FICTITIOUS_RETURN_BP / 100 : DEFAULT_RETURN_PERCENT,
      severanceActive: vkWithData.length > 0,
      severanceCapital,
      severanceContributing: activeVk.length > 0,
      otherFundsCapital: 0,
      otherFundsAnnualContribution: 0,
      yearlyGrossIncome: Math.round((lastVkContributions * 10_000) / SEVERANCE_CONTRIBUTION_RATE_BP),
      incomeGrowthRate: DEFAULT_GROWTH_PERCENT,
      statePensionStart: retirementDate > bounds.statutoryRetirementDate ? retirementDate : bounds.statutoryRetirementDate,
      accountCredit: 0,
      otherYearlyIncome: 0,
    };
    return {
      access,
      refusal,
      today,
      calculationDate,
      dataDate,
      dataOutdated: dataDate !== null && monthsBetween(dataDate, today) > MAX_DATA_AGE_MONTHS,
      gender,
      calculationInterestBp: member?.contract.calculationInterestRateBp ?? legalFiguresFor(calculationDate).calculationInterestBp,
      contractNumber: member?.contract.contractNumber ?? null,
      bounds,
      defaults,
    };
  }

  /** The projection of `input` (checked by the contract's rules against the view's dates and access). */
  async function project(scope: RequestScope, personId: number, input: CalculatorInput): Promise<ProjectOutcome> {
    const v = await view(scope, personId);
    if (v.access === 'NONE') return { ok: false, code: 'CALCULATOR_NOT_AVAILABLE', view: v, fieldErrors: [] };
    const fieldErrors = validateCalculatorInput(input, { today: v.today, calculationDate: v.calculationDate, gender: v.gender, employerContributions: v.access === 'FULL' });
    if (fieldErrors.length > 0) return { ok: false, code: 'INVALID_INPUT', view: v, fieldErrors };
    const mode = v.access === 'FULL' ? 'FULL' : v.access === 'FICTITIOUS' ? 'FICTITIOUS' : 'OWN_ONLY';
    const projection = projectPension({
      calculationDate: v.calculationDate,
      birthDate: input.birthDate,
      gender: v.gender,
      retirementDate: input.retirementDate,
      calculationInterestBp: v.calculationInterestBp,
      mode,
      pensionFund: {
        capitalCents: mode === 'FICTITIOUS' ? 0 : await pkCapital(scope, personId),
        employerAnnualCents: mode === 'FULL' ? input.employerAnnualContribution : 0,
        employerPaymentEnd: input.employerPaymentEnd,
        employerGrowthBp: toBp(input.employerGrowthRate),
        ownAnnualCents: input.ownAnnualContribution,
        ownStart: input.ownContributionStart,
        ownEnd: input.ownContributionEnd,
        ownGrowthBp: toBp(input.ownGrowthRate),
        transferCents: input.transferAmount,
        transferDate: input.transferDate,
        expectedReturnBp: toBp(input.expectedReturn),
      },
      severanceFund: {
        active: input.severanceActive,
        capitalCents: input.severanceCapital,
        contributing: input.severanceContributing,
        yearlyGrossPayCents: input.yearlyGrossIncome,
        payGrowthBp: toBp(input.incomeGrowthRate),
        expectedReturnBp: toBp(input.expectedReturn),
        feeBp: SEVERANCE_FEE_BP,
        otherCapitalCents: input.otherFundsCapital,
        otherAnnualContributionCents: input.otherFundsAnnualContribution,
      },
      statePension: {
        yearlyGrossIncomeCents: input.yearlyGrossIncome,
        incomeGrowthBp: toBp(input.incomeGrowthRate),
        accountCreditCents: input.accountCredit,
        startDate: input.statePensionStart,
      },
      otherYearlyIncomeCents: input.otherYearlyIncome,
    });
    return { ok: true, view: v, input, projection };
  }

  /** The PK capital of the member contract's latest statement (the projection's start), cents. */
  async function pkCapital(scope: RequestScope, personId: number): Promise<number> {
    for (const c of await accounts.pensionContracts(scope, personId)) {
      if (c.role !== 'MEMBER') continue;
      const s = await latestPk(scope, c);
      if (s) return s.totalCapitalCents;
    }
    return 0;
  }

  return {
    view,
    project,
    pkCapital,
    /**
     * `webportal/calcprint`: the PDF of inputs, assumptions and results of `input` (the same projection the screen
     * shows). Not ok with the field errors when the input breaks a rule, or when the calculator is refused.
     */
    async print(scope: RequestScope, personId: number, input: CalculatorInput): Promise<{ ok: true; bytes: Buffer; fileName: string } | Extract<ProjectOutcome, { ok: false }>> {
      const outcome = await project(scope, personId, input);
      if (!outcome.ok) return outcome;
      const person = (await personStore.findById(personId)) as PersonRow;
      const content = calculatorPrintLetter({
        view: outcome.view,
        input,
        projection: outcome.projection,
        startCapitalCents: outcome.view.access === 'FICTITIOUS' ? 0 : await pkCapital(scope, personId),
        lifeTable: LIFE_TABLE,
        tenant,
      });
      const bytes = await renderLetter(content, recipientOf(person), tenant.name);
      return { ok: true, bytes, fileName: `Vorsorgerechner_${outcome.view.today}.pdf` };
    },
  };
}

export type CalculatorService = ReturnType<typeof createCalculatorService>;
