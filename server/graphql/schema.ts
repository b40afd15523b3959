import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema, type YogaInitialContext } from 'graphql-yoga';
import type { GraphQLContext, RequestContext } from '../context';
import { enforceDeclaredAccess } from './access';
import type { Resolvers } from './__generated__/resolvers-types';
import { captchaResolvers } from './captcha/captcha.resolvers';
import { uploadFormResolvers } from './upload-form/upload-form.resolvers';
import { calculatorResolvers } from './calculator/calculator.resolvers';
import { claimResolvers } from './claim/claim.resolvers';
import { contractResolvers } from './contract/contract.resolvers';
import { dataExportResolvers } from './data-export/data-export.resolvers';
import { devicesResolvers } from './devices/devices.resolvers';
import { documentResolvers } from './document/document.resolvers';
import { formResolvers } from './form/form.resolvers';
import { investmentResolvers } from './investment/investment.resolvers';
import { loginFlowResolvers } from './login-flow/login-flow.resolvers';
import { mergeResolvers as mergeAreaResolvers } from './merge/merge.resolvers';
import { messageResolvers } from './message/message.resolvers';
import { ownContributionResolvers } from './own-contribution/own-contribution.resolvers';
import { personResolvers } from './person/person.resolvers';
import { registrationResolvers } from './registration/registration.resolvers';
import { profileResolvers } from './profile/profile.resolvers';
import { DateScalar, MoneyScalar } from './scalars';
import { passkeyResolvers } from './passkey/passkey.resolvers';
import { sessionResolvers } from './session/session.resolvers';
import { statementResolvers } from './statement/statement.resolvers';
import { tenantResolvers } from './tenant/tenant.resolvers';

const SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../schema');

/** The SDL of schema/*.graphql, one file per domain, in a stable order; fund.graphql is the fund's API (decision 0053). */
export function loadTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.graphql') && f !== 'fund.graphql')
    .sort()
    .map((f) => readFileSync(join(SCHEMA_DIR, f), 'utf8'));
}

const areaResolvers: Resolvers[] = [
  sessionResolvers,
  devicesResolvers,
  passkeyResolvers,
  loginFlowResolvers,
  tenantResolvers,
  personResolvers,
  registrationResolvers,
  profileResolvers,
  contractResolvers,
  statementResolvers,
  documentResolvers,
  investmentResolvers,
  claimResolvers,
  calculatorResolvers,
  messageResolvers,
  ownContributionResolvers,
  formResolvers,
  mergeAreaResolvers,
  captchaResolvers,
  uploadFormResolvers,
  dataExportResolvers,
];

/** Merges the per-area resolver maps (each area adds fields to Query, Mutation and its own types). */
function mergeResolvers(maps: Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...(fields as Record<string, unknown>) };
  }
  return merged as Resolvers;
}

/** What Yoga passes to resolvers: its own initial context, the server context and the request context. */
export type YogaContext = YogaInitialContext & { requestContext: RequestContext } & GraphQLContext;

/**
 * The executable schema: the SDL of schema/, the areas' resolvers, and every root field's declared `@access` enforced
 * before its resolver (server/graphql/access.ts).
 * @throws Error when a root field declares no access level.
 */
export function buildSchema() {
  return enforceDeclaredAccess(
    createSchema<YogaContext>({
      typeDefs: loadTypeDefs(),
      resolvers: { ...mergeResolvers(areaResolvers), Date: DateScalar, Money: MoneyScalar },
    }),
  );
}
