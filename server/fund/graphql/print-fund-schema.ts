/**
 * Prints the fund's API whole, with every `@scope` and description, for integrators (decision 0053) to
 * server/fund/graphql/__generated__/fund.graphql: a build output like the resolver types beside it, not committed,
 * written by `npm run codegen` (so by build, start, typecheck and test) and on its own by `npm run fund:schema`.
 * The running server also answers introspection on /fund/graphql to an authenticated caller.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildFundSchema } from './fund-schema';

/** Where the printed schema lies: among the generated files, which the fund's SDL loaders and codegen leave out. */
const FUND_SCHEMA_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '__generated__/fund.graphql');

/** The text of the printed schema: a header and the schema with its directives. */
export function printFundSchema(): string {
  const header = [
    "# The fund's API, POST /fund/graphql (decision 0053), printed by `npm run fund:schema` from the SDL beside each",
    "# area's code under server/fund. Do not edit: change the area's .graphql file and print again.",
    '',
  ].join('\n');
  return `${header}${printSchemaWithDirectives(buildFundSchema())}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(dirname(FUND_SCHEMA_FILE), { recursive: true });
  writeFileSync(FUND_SCHEMA_FILE, printFundSchema());
  process.stdout.write(`wrote ${FUND_SCHEMA_FILE}\n`);
}
