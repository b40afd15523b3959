import { z } from 'zod';
import type { PkStatementRow, VkStatementRow } from '../../../db/schema';
import type { RequestContext } from '../../platform/request-context';
import { method, type RestMethod } from '../../rest/method-kit';

/**
 * Body of REST `webportal/kontoinformation` (spec 000 section 7 "Other server paths": webportal/kontoinformation;
 * spec 001 section 3 "Account info"): `fund` PK or VK, optional `stichtag` (ISO date; the newest statement when
 * omitted). Nothing names a contract or an account: the answer covers the session's own ones only.
 */
export const kontoinformationInput = z.object({
  fund: z.enum(['PK', 'VK']),
  stichtag: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/**
 * A statement's figures under the names of GraphQL `PensionStatement` / `SeveranceStatement` (amounts in cents: the
 * row's `totalCapitalCents` answers as `totalCapital`), without the row's own ids.
 */
function figures(row: PkStatementRow | VkStatementRow | null): Record<string, string | number | null> | null {
  if (!row) return null;
  const out: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id' || key === 'contractId' || key === 'accountId') continue;
    out[key.endsWith('Cents') ? key.slice(0, -'Cents'.length) : key] = value as string | number | null;
  }
  return out;
}

/** One fund's answer of `kontoinformation`: each contract or account with its number, Stichtage and statement figures. */
async function fundJson<T>(
  fund: 'PK' | 'VK',
  items: readonly T[],
  number: (item: T) => string,
  stichtage: (item: T) => Promise<unknown>,
  statement: (item: T) => Promise<PkStatementRow | VkStatementRow | null | undefined>,
) {
  return {
    fund,
    contracts: await Promise.all(items.map(async (item) => ({ number: number(item), stichtage: await stichtage(item), statement: figures((await statement(item)) ?? null) }))),
  };
}

/**
 * `webportal/kontoinformation`: the account information of the session's person for one fund at a Stichtag, read by
 * the accounts service as GraphQL `me { pensionContracts / severanceAccounts { stichtage statement(stichtag:) } }` reads
 * it. Answers `{ fund, contracts: [{ number, stichtage, statement }] }`: `number` the contract or account number,
 * `stichtage` every Stichtag newest first, `statement` the figures (amounts in cents, dates ISO) at `stichtag`, the
 * newest when omitted, null when there is none at that date. PK on a tenant without the Pensionskasse: no contracts.
 */
export async function kontoinformationRun(ctx: RequestContext, input: z.infer<typeof kontoinformationInput>) {
  const personId = await ctx.requirePersonId();
  const accounts = ctx.services.accounts;
  if (input.fund === 'PK') {
    const contracts = await accounts.pensionContracts(ctx.scope, personId);
    return fundJson(
      'PK',
      contracts,
      (c) => c.contractNumber,
      (c) => accounts.pensionStichtage(ctx.scope, c),
      (c) => accounts.pensionStatement(ctx.scope, c, input.stichtag),
    );
  }
  const severance = await accounts.severanceAccounts(ctx.scope, personId);
  return fundJson(
    'VK',
    severance,
    (a) => a.accountNumber,
    (a) => accounts.severanceStichtage(ctx.scope, a),
    (a) => accounts.severanceStatement(ctx.scope, a, input.stichtag),
  );
}

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const accountsRestMethods: RestMethod[] = [method({ name: 'webportal/kontoinformation', input: kontoinformationInput, auth: 'session', run: kontoinformationRun })];
