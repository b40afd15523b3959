import { expect } from 'vitest';
import { CalculatorPage_Query } from '../../web/src/features/calculator/api/get-pension-calculator';
import { CalculatorPage_Project } from '../../web/src/features/calculator/api/project-pension';
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
 * What the calculator page does not ask of a projection (it shows its own texts for the codes): the server's German
 * message and each refused field's message. The projection itself is the page's own `CalculatorPage_Project`.
 */
export const PROJECTION_MESSAGES = graphql(`
  query CalculatorProjectionMessages($input: ProjectPensionInput!) {
    projectPension(input: $input) {
      message
      fieldErrors {
        field
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
export function calculatorSteps(server: () => TestServer) {
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

  /** A projection as the web's page asks for it (its `CalculatorPage_Project`). */
  async function project(client: PortalClient, input: ProjectPensionInput) {
    const res = await client.operation(CalculatorPage_Project, { input });
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.projectPension;
  }

  /** The server's German texts of a projection's refusal (`PROJECTION_MESSAGES`). */
  async function projectionMessages(client: PortalClient, input: ProjectPensionInput) {
    const res = await client.operation(PROJECTION_MESSAGES, { input });
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.projectPension;
  }

  function sql<T>(query: string, ...params: unknown[]): Promise<T> {
    return sqlOne<T>(server().db, query, ...params);
  }

  return { login, calculatorOf, project, projectionMessages, sql };
}
