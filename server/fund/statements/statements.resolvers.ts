import { principalActor } from '../access/scopes';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { fundRefusalOf } from '../members/fund-refusal';
import { createStatementImportService, IMPORT_STATEMENT_MESSAGES, type StatementImportService } from './statement-import.service';
import { createStatementImportStore } from './statement-import.store';
import { perProcess } from '../shared/per-process';

/** The statement import of the process `deps` (decision 0036). */
const statementImportOf = perProcess<StatementImportService>((deps) =>
  createStatementImportService({
    db: deps.db,
    store: createStatementImportStore(deps.db),
    documents: deps.stores.documents,
    idempotency: deps.idempotency,
    events: deps.events,
    mailer: deps.mailer,
    tenant: deps.tenant,
    config: deps.config,
    clock: deps.clock,
    logger: deps.logger,
  }),
);

/** Statements in (decision 0057); SDL in statements.graphql. */
export const statementsResolvers: FundResolvers = {
  Mutation: {
    async importStatement(_source, { input }, { principal, deps, origin }) {
      const result = await statementImportOf(deps).importStatement(principalActor(principal), input, origin);
      if (!result.ok) return { ok: null, error: fundRefusalOf(result, IMPORT_STATEMENT_MESSAGES) };
      const v = result.value;
      return { ok: { ...v, statementId: String(v.statementId), documentId: v.documentId === null ? null : String(v.documentId) }, error: null };
    },
  },
};
