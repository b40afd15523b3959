import { expect } from 'vitest';
import { graphql } from '../gql';
import type { ProjectPensionInput } from '../gql/graphql';
import type { PortalClient } from './client';
import { sqlOne } from './raw-sql';
import { loginAs, type Scenario } from './scenarios';
import type { TestServer } from './test-server';

/**
 * The operations and steps of the calculator suites (decision 0017): tests/api/calculator.test.ts (GraphQL) and
 * tests/api/calculator-rest-print.test.ts (REST and webportal/calcprint).
 */

export const CALCULATOR = graphql(`
  query CalculatorView {
    pensionCalculator {
      access
      refusal
      refusalMessage
      calculationDate
      dataDate
      dataOutdated
      calculationInterestRate
      earliestRetirementDate
      latestRetirementDate
      earliestPaymentEndDate
      statutoryRetirementDate
      rangeSpread
      lifeTable {
        name
        year
        source
      }
      defaults {
        birthDate
        retirementDate
        employerAnnualContribution
        employerPaymentEnd
        employerGrowthRate
        ownAnnualContribution
        ownContributionStart
        ownContributionEnd
        ownGrowthRate
        transferAmount
        transferDate
        expectedReturn
        severanceActive
        severanceCapital
        severanceContributing
        otherFundsCapital
        otherFundsAnnualContribution
        yearlyGrossIncome
        incomeGrowthRate
        statePensionStart
        accountCredit
        otherYearlyIncome
      }
    }
  }
`);
export const PROJECT = graphql(`
  query CalculatorProject($input: ProjectPensionInput!) {
    projectPension(input: $input) {
      ok
      code
      message
      fieldErrors {
        field
        code
        message
      }
      projection {
        ageAtRetirementMonths
        annuityFactor
        scenarios {
          scenario
          pensionFundCapital
          severanceCapital
          pensionFundYearly
          severanceYearly
          stateYearly
          otherYearly
          totalYearly
          totalMonthly
        }
        capitalPath {
          date
          pensionFund
          severance
        }
        revaluedAccountCredit
      }
    }
  }
`);

/** The steps against `server()`, the suite's test server (started in its `beforeAll`). */
export function calculatorSteps(server: () => TestServer) {
  const login = (scenario: Scenario): Promise<PortalClient> => loginAs(server(), scenario);

  async function calculatorOf(client: PortalClient) {
    const res = await client.operation(CALCULATOR);
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.pensionCalculator;
  }

  async function project(client: PortalClient, input: ProjectPensionInput) {
    const res = await client.operation(PROJECT, { input });
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.projectPension;
  }

  function sql<T>(query: string, ...params: unknown[]): Promise<T> {
    return sqlOne<T>(server().db, query, ...params);
  }

  return { login, calculatorOf, project, sql };
}
