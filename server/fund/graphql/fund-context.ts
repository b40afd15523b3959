import type { AppDeps } from '../../platform/deps';
import type { FundPrincipal } from '../access/scopes';

/**
 * What every resolver of the fund's API gets (decision 0053): the verified caller (a machine client of the fund's core
 * system; later a staff person of the workbench, by role), the process's dependencies and services, and the portal's
 * public origin for links (short-lived document downloads).
 */
export interface FundContext {
  principal: FundPrincipal;
  deps: AppDeps;
  /** The portal's public origin, for absolute links (PUBLIC_ORIGIN, else the request's own address). */
  origin: string;
  /**
   * What a mutation's resolver tells the staff audit trail about the record it changed, by root field name (decision
   * 0059): the member, the record (`claim:42`) and its state before. Empty for reads; the trail reads it after the
   * operation (server/fund/staff/staff-audit.ts).
   */
  audit: Map<string, AuditNote>;
}

/** A mutation's record in the staff audit trail: the member concerned (or null), the record, and its state before. */
export interface AuditNote {
  personId: number | null;
  /** The record, for example `claim:42`, `bank-change:7`, `staff:3`. */
  target: string;
  /** The record's state before the change (JSON-serialisable), or null when it is new. */
  before: unknown;
}

/** Notes, for the staff audit trail, the record the root mutation `field` changes (decision 0059). */
export function noteAudit(context: FundContext, field: string, note: AuditNote): void {
  context.audit.set(field, note);
}
