/**
 * The shapes of the own-contributions service (decision 0016; spec 001 sections 2 to 5): its read models, the wire
 * inputs GraphQL and REST hand it, its error codes and the field errors of a refused input. Money integer cents,
 * dates ISO.
 */
import type { MandateRow } from '../../../db/schema';
import type { FieldError, Result } from '../../platform/shared/result';
import type { MandateType, PremiumGauge } from '@contract/own-contributions';
import type { SignatureWire } from '@contract/signature';
import { zodFieldErrors, type IssueLike } from '@contract/field-errors';

/** The read model of `OwnContributionMandate` (server/modules/own-contributions/own-contributions.graphql). Amounts in cents, dates ISO. */
export interface MandateModel {
  id: string;
  contractId: string;
  contractNumber: string;
  type: MandateRow['type'];
  amountCents: number;
  iban: string;
  accountOwner: string;
  phone: string | null;
  startDate: string;
  endDate: string | null;
  mandateReference: string;
  creditorId: string;
  status: MandateRow['status'];
  signedOn: string | null;
  /** Documents-archive id of the signed mandate PDF. */
  documentId: string | null;
  /** Next debit date from tomorrow on, null when none is left. */
  nextDebitDate: string | null;
  /** Amount, IBAN and owner may change (a running monthly one, or a one-off not yet due). */
  changeable: boolean;
}

/** A Pensionskasse contract own contributions can go to (the member's own, as a contributing member). */
export interface ContributionContractModel {
  id: string;
  contractNumber: string;
  /** Employer contributions of last year's statement, cents; null without one. */
  lastYearEmployerCents: number | null;
}

/** What `/eigenbeitraege` shows first: contracts, mandates, the premium gauge and whether the § 108a application is on file. */
export interface OwnContributionsOverview {
  contracts: ContributionContractModel[];
  mandates: MandateModel[];
  gauge: PremiumGauge;
  premiumApplicationFiled: boolean;
  creditorId: string;
  /** Pre-notification period, calendar days (config SEPA_PRE_NOTIFICATION_DAYS; decision 0044). */
  preNotificationDays: number;
  /** The earliest first debit date a mandate given today may name: today (Vienna) + `preNotificationDays`, ISO. */
  earliestDebitDate: string;
}

/** Codes of a refused own-contribution call (server/modules/own-contributions/own-contributions.graphql, catalogue `ownContributions.errors`). */
export type OwnContributionErrorCode =
  | 'ERROR_INVALID_INPUT'
  | 'ERROR_NO_CONTRACT'
  | 'ERROR_MONTHLY_EXISTS'
  | 'ERROR_OVERLAP'
  | 'ERROR_NOT_FOUND'
  | 'ERROR_NOT_CHANGEABLE'
  | 'ERROR_APPLICATION_EXISTS'
  | 'ERROR_PWD_INVALID';

/**
 * A refused field; `params` fill the placeholders of its catalogue text (`START_TOO_EARLY`: `date` as DD.MM.YYYY and
 * `days`, the earliest debit date and the pre-notification period; decision 0044).
 */
export interface OwnContributionFieldError extends FieldError {
  params?: Record<string, string>;
}

/** A service answer: the value, or an error code with field errors. */
export type R<T> = Result<T, OwnContributionErrorCode, OwnContributionFieldError>;

/**
 * A new mandate as GraphQL `CreateMandateInput` and the REST method `webportal/eigenbeitraege/mandat` send it (`amount`
 * renamed `amountCents`, integer cents). `mandateInput` of the contract checks it: a missing or wrong field is a field error.
 */
export interface CreateMandateWire {
  contractId?: string | null;
  type?: MandateType | null;
  amountCents?: number | null;
  iban?: string | null;
  startDate?: string | null;
  phone?: string | null;
  accountOwner?: string | null;
  confirmed?: boolean | null;
}

/** A mandate change (GraphQL `ChangeMandateInput`, REST `…/aendern`): an omitted (undefined) field keeps its value. */
export interface ChangeMandateWire {
  mandateId?: string | number | null;
  amountCents?: number | null;
  iban?: string | null;
  accountOwner?: string | null;
  phone?: string | null;
  startDate?: string | null;
  currentPassword?: string | null;
}

/** A cancellation (GraphQL `CancelMandateInput`, REST `…/kuendigen`); `endDate` ISO, for a monthly mandate. */
export interface CancelMandateWire {
  mandateId?: string | number | null;
  endDate?: string | null;
}

/** The § 108a application (GraphQL `ApplyForPremiumInput`, REST `…/praemienantrag`); `premiumApplicationInput` checks it. */
export interface PremiumApplicationWire {
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
  birthDate?: string | null;
  confirmed?: boolean | null;
  signature?: SignatureWire | null;
}

/**
 * The zod issues as field errors (first per field; the code is the issue's message). `params` of a code go with it
 * (`START_TOO_EARLY` names the earliest debit date).
 */
export function fieldErrorsOf(issues: readonly IssueLike[], params: Record<string, Record<string, string>> = {}): OwnContributionFieldError[] {
  return zodFieldErrors(issues).map((error) => (params[error.code] ? { ...error, params: params[error.code] } : error));
}
