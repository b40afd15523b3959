import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The calculator page's first query: restriction, data date, date bounds and prefilled inputs (server/modules/calculator/calculator.graphql). */
export const CalculatorPage_Query = graphql(`
  query CalculatorPage_Query {
    pensionCalculator {
      access
      refusal
      today
      gender
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

export function usePensionCalculator() {
  return useQuery(CalculatorPage_Query, { fetchPolicy: 'network-only' });
}
