import { expect } from 'vitest';
import { CalculatorPage_Query } from '../../web/src/features/calculator/api/get-pension-calculator';
import { graphql } from '../gql';
import type { ProjectPensionInput } from '../gql/graphql';
import type { PortalClient } from './client';
import { sqlOne } from './raw-sql';
import { loginAs, type Scenario } from './scenarios';
import { suiteServer } from './suite-server';
import type { TestServer } from './test-server';

/**
 * The operations and steps of the calculator suites (decision 0017): tests/api/calculator.test.ts (GraphQL) and
 * tests/api/calculator-rest-print.test.ts (REST and webportal/calcprint).
 */

/**
 * What the calculator page does not ask (its refusal texts are the web's own catalogue): the server's German
 * `refusalMessage`. `calculatorOf` sends it beside the page's own query; alone, it is the suites' smallest read of
 * the calculator.
 */
export const CALCULATOR = graphql(`
  query CalculatorRefusalMessage {
    pensionCalculator {
      refusalMessage
    }
  }
`);

/**
 * A projection as the calculator page reads it (`CalculatorPage_ProjectPensionResultFragment`), with the server's
 * German texts the page does not ask (it shows its own for the codes): the refusal's message and each refused field's.
 */
export const PROJECT = graphql(`
  query CalculatorProject($input: ProjectPensionInput!) {
    projectPension(input: $input) {
      ...CalculatorPage_ProjectPensionResultFragment
      message
      fieldErrors {
        message
      }
    }
  }
`);

/**
 * The calculator suites' test server (5 members), started before and closed after the calling suite, and the steps
 * against it (`calculatorSteps`). Call at the top level of a suite file.
 */
export function calculatorSuite() {
  const server = suiteServer({ members: 5 });
  return { server, ...calculatorSteps(server) };
}

/** The steps against `server()`, the suite's test server (started in its `beforeAll`). */
function calculatorSteps(server: () => TestServer) {
  const login = (scenario: Scenario): Promise<PortalClient> => loginAs(server(), scenario);

  /**
   * The calculator as the web's page reads it (its `CalculatorPage_Query`; the prefilled `defaults` are a
   * `ProjectPensionInput`) and the server's `refusalMessage` (`CALCULATOR`).
   */
  async function calculatorOf(client: PortalClient) {
    const page = await client.operation(CalculatorPage_Query);
    const texts = await client.operation(CALCULATOR);
    expect(page.body.errors).toBeUndefined();
    expect(texts.body.errors).toBeUndefined();
    return { ...page.body.data!.pensionCalculator, refusalMessage: texts.body.data!.pensionCalculator.refusalMessage };
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
