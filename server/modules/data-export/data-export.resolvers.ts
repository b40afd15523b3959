import catalogue from '@contract/i18n/de/settings.json';
import { DATA_EXPORT_ERROR_MESSAGES, type DataExportErrorCode, type DataExportView } from './data-export.service';
import type { Result } from '../../platform/shared/result';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/** German field messages (`settings.fieldError`), as the other settings forms word them. */
const FIELD_MESSAGES: Record<string, string> = catalogue.settings.fieldError;

/** The `DataExportError` of a refusal, with German messages. */
function dataExportError(code: DataExportErrorCode, fieldErrors: ReadonlyArray<{ field: string; code: string }>) {
  return {
    code,
    message: DATA_EXPORT_ERROR_MESSAGES[code],
    fieldErrors: fieldErrors.map((e) => ({ ...e, message: FIELD_MESSAGES[e.code] ?? FIELD_MESSAGES.INVALID! })),
  };
}

const dataExport = (v: DataExportView) => ({ ...v, id: String(v.id) });

function result<T, U>(r: Result<T, DataExportErrorCode>, map: (value: T) => U) {
  return r.ok ? { ok: map(r.value), error: null } : { ok: null, error: dataExportError(r.code, r.fieldErrors) };
}

/** The data archive (server/modules/data-export/data-export.graphql; GDPR Art. 15 and 20, docs/decisions/0052-data-archive.md). */
export const dataExportResolvers: Resolvers = {
  Query: {
    async dataExport(_p, _a, ctx) {
      const view = await ctx.services.dataExport.current(await ctx.requirePersonId());
      return view ? dataExport(view) : null;
    },
  },
  Mutation: {
    async requestDataExport(_p, args, ctx) {
      return result(await ctx.services.dataExport.request(ctx.scope, await ctx.requirePersonId(), args.input.currentPassword), dataExport);
    },
    async unlockDataExportDownload(_p, args, ctx) {
      return result(await ctx.services.dataExport.unlock(ctx.scope, await ctx.requirePersonId(), args.input.id, args.input.currentPassword), (v) => v);
    },
  },
};
