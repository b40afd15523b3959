import { useLazyQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * What the calculator page reads of a projection's answer (server/modules/calculator/calculator.graphql
 * `ProjectPensionResult`): whether it worked, the codes of the refusal and of each refused field (the page shows its
 * own texts for them), and the projection.
 */
graphql(`
  fragment CalculatorPage_ProjectPensionResultFragment on ProjectPensionResult {
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
`);

/** One projection of the calculator's inputs (server/modules/calculator/calculator.graphql `projectPension`); changes nothing. */
export const CalculatorPage_Project = graphql(`
  query CalculatorPage_Project($input: ProjectPensionInput!) {
    projectPension(input: $input) {
      ...CalculatorPage_ProjectPensionResultFragment
    }
  }
`);

export function useProjectPension() {
  return useLazyQuery(CalculatorPage_Project, { fetchPolicy: 'no-cache' });
}
