import type { DefinitionNode, ExecutionResult, OperationDefinitionNode, SelectionNode } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { Clock } from '../../platform/shared/clock';
import { isoInstant } from '../../platform/shared/clock';
import type { Logger } from '../../log';
import type { FundContext } from '../graphql/fund-context';
import type { StaffStore } from './staff.store';

/** Largest JSON kept in an audit row's `after` (characters); longer ones are cut and marked. */
const MAX_JSON = 20_000;

/**
 * Keys whose values never enter the trail: the initial password and the TOTP URI `createStaffPerson` shows once
 * (decision 0059); the trail records that they were shown, not what they were.
 */
const SECRET_KEYS = new Set(['initialPassword', 'totpUri']);

const json = (value: unknown): string => {
  const text = JSON.stringify(value ?? null, (key, v: unknown) => (SECRET_KEYS.has(key) ? '(shown once, not recorded)' : v));
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}…(truncated)` : text;
};

/** The JSON of an event's data, or the text when it is none. */
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The members a result shows: every `personId` field and every `member { id }` object in it (the fund schema names a
 * member in one of these two ways), as numbers, each once.
 */
export function membersIn(data: unknown): number[] {
  const found = new Set<number>();
  const walk = (value: unknown, key: string | null) => {
    if (Array.isArray(value)) return value.forEach((v) => walk(v, key));
    if (value === null || typeof value !== 'object') {
      if (key === 'personId' && (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))) found.add(Number(value));
      return;
    }
    const record = value as Record<string, unknown>;
    if (key === 'member' && (typeof record.id === 'number' || (typeof record.id === 'string' && /^\d+$/.test(record.id)))) found.add(Number(record.id));
    for (const [k, v] of Object.entries(record)) walk(v, k);
  };
  walk(data, null);
  return [...found];
}

/**
 * Records, for a staff principal, every operation of the fund's endpoint in the append-only audit trail (decision
 * 0054): a query as one READ row per member its answer shows (or one without a member), a mutation as one ACTION row
 * per root field with its input and its answer (which carries the state after it), and — from the resolver's
 * `noteAudit` (decision 0059) — the record it touched, its member and its state before. Secrets shown once are
 * replaced (SECRET_KEYS). Who (`staffId`), when, which member,
 * what (the root fields). Machine clients are not recorded here: their changes are in the event feed.
 */
export function useStaffAudit(deps: { store: StaffStore; clock: Clock; logger: Logger }): Plugin<FundContext> {
  return {
    async onExecute({ args }) {
      const principal = (args.contextValue as FundContext).principal;
      if (principal.kind !== 'staff') return;
      const operation = (args.document.definitions as readonly DefinitionNode[]).find(
        (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition' && (!args.operationName || d.name?.value === args.operationName),
      );
      // Root fields only; `__typename` (which Apollo Client adds to every selection) is no read or action.
      const fields: string[] = operation?.selectionSet.selections.flatMap((s: SelectionNode) => (s.kind === 'Field' && s.name.value !== '__typename' ? [s.name.value] : [])) ?? [];
      if (fields.every((f) => f === '__typename')) return;
      const mutation = operation?.operation === 'mutation';
      // The events a mutation writes name its member, record and change (decision 0059) for operations whose resolver
      // notes nothing; the mark is the latest event before it runs.
      const mark = mutation ? await deps.store.lastEventId() : 0;
      return {
        async onExecuteDone({ result, setResult }) {
          const done = result as ExecutionResult;
          const at = isoInstant(deps.clock.now());
          const base = { staffId: principal.staffId, at, target: null, before: null };
          const notes = (args.contextValue as FundContext).audit;
          const events = mutation ? await deps.store.eventsAfter(mark, `staff:${principal.staffId}`) : [];
          const rows = mutation
            ? fields.map((what) => {
                const answer = (done.data as Record<string, unknown> | null | undefined)?.[what];
                // The resolver's note names the record and its state before (decision 0059), whatever the caller selected;
                // else the events of a single-field mutation do (the `from` of a status change is its state before).
                const note = notes.get(what);
                const own = fields.length === 1 ? events : [];
                const data = own.map((e) => ({ type: e.type, subjectId: e.subjectId, data: parsed(e.data) }));
                const from = data.find((e) => e.data && typeof e.data === 'object' && 'from' in e.data)?.data as { from?: unknown } | undefined;
                return {
                  ...base,
                  kind: 'ACTION' as const,
                  what,
                  personId: note?.personId ?? own.find((e) => e.personId !== null)?.personId ?? membersIn(answer)[0] ?? null,
                  target: note?.target ?? (own[0] ? `${own[0].type}:${own[0].subjectId ?? ''}` : null),
                  before: note ? json(note.before) : from ? json({ status: from.from }) : null,
                  after: json({ input: args.variableValues ?? {}, result: answer ?? null, errors: done.errors?.length ?? 0, events: data }),
                };
              })
            : (membersIn(done.data).length ? membersIn(done.data) : [null]).map((personId) => ({
                ...base,
                kind: 'READ' as const,
                what: fields.join(' '),
                personId,
                after: json({ variables: args.variableValues ?? {} }),
              }));
          try {
            await deps.store.audit(rows);
          } catch (error) {
            // No record, no answer: a staff person never sees member data the trail does not show.
            deps.logger.error('staff audit failed', { error: error instanceof Error ? error.message : String(error) });
            setResult({ errors: [createGraphQLError('The audit trail is unavailable; nothing is shown.', { extensions: { code: 'SERVICE_UNAVAILABLE' } })] });
          }
        },
      };
    },
  };
}
