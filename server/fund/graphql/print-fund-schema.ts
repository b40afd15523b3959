/**
 * Prints the fund's API whole, with every `@scope` and description, to schema/fund.graphql for integrators
 * (decision 0053): `npm run fund:schema`. server/fund/graphql/fund-schema.test.ts fails when the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildFundSchema } from './fund-schema';

/** Where the printed schema lies: beside the members' SDL, excluded from their schema by name (codegen.ts). */
export const FUND_SCHEMA_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../schema/fund.graphql');

/** The text of schema/fund.graphql: a header and the schema with its directives. */
export function printFundSchema(): string {
  const header = [
    "# The fund's API, POST /fund/graphql (decision 0053), printed by `npm run fund:schema` from the SDL beside each",
    "# area's code under server/fund. Do not edit: change the area's .graphql file and print again.",
    '',
  ].join('\n');
  return `${header}${printSchemaWithDirectives(buildFundSchema())}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(FUND_SCHEMA_FILE, printFundSchema());
  process.stdout.write(`wrote ${FUND_SCHEMA_FILE}\n`);
}
