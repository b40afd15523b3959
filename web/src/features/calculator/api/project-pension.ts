import { useLazyQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One projection of the calculator's inputs (server/modules/calculator/calculator.graphql `projectPension`); changes nothing. */
export const CalculatorPage_Project = graphql(`
  query CalculatorPage_Project($input: ProjectPensionInput!) {
    projectPension(input: $input) {
      ok
      code
      fieldErrors {
        field
        code
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

export function useProjectPension() {
  return useLazyQuery(CalculatorPage_Project, { fetchPolicy: 'no-cache' });
}
