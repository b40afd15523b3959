import type { MandateRow, PkContractRow } from '../../../db/schema';
import { writeTransaction } from '../../../db/client';
import { memberEvent, type EventRecorder } from '../../fund/events/events.store';
import type { TenantDefinition } from '../../tenants';
import type { AccountsService } from '../accounts/accounts.service';
import type { StepUp } from '../session/step-up';
import type { DocumentsService } from '../documents/documents.service';
import type { Clock } from '../../platform/shared/clock';
import { isoInstant } from '../../platform/shared/clock';
import { err, ok } from '../../platform/shared/result';
import type { RequestScope } from '../../platform/shared/request-scope';
import { addDays, isIsoDate, isoDateVienna, isoOf, parseIsoDate } from '@contract/dates';
import { legalFiguresFor } from '@contract/legal-figures';
import { formatDate } from '@contract/format';
import { isPngDataUrl } from '@contract/signature';
import { earliestDebitDate, exceedsEmployerContribution, mandateInput, premiumApplicationInput, premiumGauge, type PremiumGauge } from '@contract/own-contributions';
import {
  fieldErrorsOf,
  type CancelMandateWire,
  type ChangeMandateWire,
  type CreateMandateWire,
  type MandateModel,
  type OwnContributionsOverview,
  type PremiumApplicationWire,
  type R,
} from './own-contributions.model';
import type { OwnContributionsStore } from './own-contributions.store';
import { debitDates, mandateConflict, mandateReference } from './own-contributions.rules';
import { preNotifyDebits, type PreNotificationDeps } from './pre-notification';

/**
 * Own contributions by SEPA direct-debit mandate (decision 0016; spec 001 sections 2 to 5 and 9): the overview with the
 * premium gauge, a new mandate (with its signed PDF in the documents archive), changing and cancelling, and the
 * § 108a application. Main tenant only (`tenant.pensionFund`); elsewhere the person has no contracts and every
 * change is `ERROR_NO_CONTRACT` / `ERROR_NOT_FOUND`. Every call takes the person id from the session. Built once per
 * process; calls take the request's scope (its DataLoaders, and its session for the step-up).
 */
export function createOwnContributionsService(deps: {
  store: OwnContributionsStore;
  accounts: AccountsService;
  documents: DocumentsService;
  stepUp: StepUp;
  clock: Clock;
  tenant: TenantDefinition;
  /** SEPA creditor identifier (config SEPA_CREDITOR_ID). */
  creditorId: string;
  /** § 108a premium rate override, basis points (config PREMIUM_RATE_BP); unset: the year's rate of the legal figures. */
  premiumRateBp?: number | undefined;
  /** Pre-notification period of a debit, calendar days (config SEPA_PRE_NOTIFICATION_DAYS; decision 0044). */
  preNotificationDays: number;
  /** What sends a debit's pre-notification (the collection run's own): a new or changed mandate's debits due within the period are notified at once. */
  preNotification: PreNotificationDeps;
  /** The fund's event feed (decision 0053): each change's event is written in its transaction. */
  events: EventRecorder;
}) {
  const { store, accounts, clock } = deps;
  const today = () => isoDateVienna(clock.now());
  /** The mandate rules of `now` with the period, and the params naming the earliest date in a `START_TOO_EARLY` message. */
  const rulesOf = (now: string) => {
    const earliest = earliestDebitDate(now, deps.preNotificationDays);
    return {
      earliest,
      schema: mandateInput(now, deps.preNotificationDays),
      params: { START_TOO_EARLY: { date: formatDate(earliest), days: String(deps.preNotificationDays) } },
    };
  };

  /** The person's contracts own contributions can go to: Pensionskasse contracts as a member (not drawing a pension). */
  async function contractsOf(scope: RequestScope, personId: number): Promise<PkContractRow[]> {
    return (await accounts.pensionContracts(scope, personId)).filter((c) => c.role === 'MEMBER');
  }

  async function lastYearEmployerCents(scope: RequestScope, contract: PkContractRow): Promise<number | null> {
    const year = parseIsoDate(today()).y - 1;
    const statement = await accounts.pensionStatement(scope, contract, isoOf(year, 12, 31));
    return statement?.employerContributionsCents ?? null;
  }

  async function models(scope: RequestScope, personId: number, rows: MandateRow[]): Promise<MandateModel[]> {
    const contracts = await accounts.pensionContracts(scope, personId);
    const debits = await store.debitsOfMandates(rows.map((r) => r.id));
    const now = today();
    return rows.map((m) => {
      const own = debits.filter((d) => d.mandateId === m.id);
      const next =
        m.status === 'ACTIVE' ? (debitDates(m, addDays(now, 1), addDays(now, 800)).find((d) => !own.some((x) => x.dueDate === d && x.status === 'COLLECTED')) ?? null) : null;
      const oneOffOpen = m.type === 'ONE_OFF' && m.startDate > now && own.every((d) => d.status !== 'COLLECTED');
      return {
        id: String(m.id),
        contractId: String(m.contractId),
        contractNumber: contracts.find((c) => c.id === m.contractId)?.contractNumber ?? '',
        type: m.type,
        amountCents: m.amountCents,
        iban: m.iban,
        accountOwner: m.accountOwner,
        phone: m.phone,
        startDate: m.startDate,
        endDate: m.endDate,
        mandateReference: m.mandateReference,
        creditorId: m.creditorId,
        status: m.status,
        signedOn: m.signedOn,
        documentId: m.documentId === null ? null : String(m.documentId),
        nextDebitDate: next,
        changeable: m.status === 'ACTIVE' && (m.type === 'MONTHLY' ? m.endDate === null || m.endDate > now : oneOffOpen),
      };
    });
  }

  /** The gauge of this year: collected debits plus every debit still to come this year of the running mandates. */
  async function gauge(personId: number): Promise<PremiumGauge> {
    const now = today();
    const { y } = parseIsoDate(now);
    const from = isoOf(y, 1, 1);
    const to = isoOf(y, 12, 31);
    const [rows, debits] = await Promise.all([store.mandatesOf(personId), store.debitsOf(personId, from, to)]);
    const collectedCents = debits.filter((d) => d.status === 'COLLECTED').reduce((s, d) => s + d.amountCents, 0);
    let scheduledCents = debits.filter((d) => d.status === 'PRE_NOTIFIED').reduce((s, d) => s + d.amountCents, 0);
    for (const m of rows.filter((r) => r.status === 'ACTIVE')) {
      for (const date of debitDates(m, from, to)) {
        if (!debits.some((d) => d.mandateId === m.id && d.dueDate === date)) scheduledCents += m.amountCents;
      }
    }
    return premiumGauge({ today: now, collectedCents, scheduledCents, rateBp: deps.premiumRateBp ?? legalFiguresFor(now).premiumRateBp });
  }

  async function uniqueReference(contractNumber: string, signedOn: string): Promise<string> {
    for (;;) {
      const ref = mandateReference(contractNumber, signedOn);
      if (!(await store.referenceTaken(ref))) return ref;
    }
  }

  /**
   * Pre-notifies at once the debits of `m` due within the period from today (decision 0044): a first debit on the
   * earliest date is announced the whole period ahead, whether or not the day's collection run has already run.
   */
  async function notifyWithinPeriod(scope: RequestScope, m: MandateRow): Promise<void> {
    const existing = await store.debitsOfMandates([m.id]);
    const horizon = addDays(today(), deps.preNotificationDays);
    await preNotifyDebits(deps.preNotification, m, { horizon, noticeAt: isoInstant(clock.now()), origin: scope.publicOrigin(), existing });
  }

  /**
   * The person's mandate `mandateId` when it may still be changed or cancelled (spec 001 section 4); else
   * `ERROR_NOT_FOUND` (not the person's, unknown, or no Pensionskasse) or `ERROR_NOT_CHANGEABLE` (ended, collected, due).
   */
  async function changeableOwn(scope: RequestScope, personId: number, mandateId: string | number | null | undefined) {
    const id = Number(mandateId);
    const row = Number.isSafeInteger(id) ? await store.findOwn(id, personId) : undefined;
    if (!row || !deps.tenant.pensionFund) return err('ERROR_NOT_FOUND' as const, [{ field: 'mandateId', code: 'INVALID' }]);
    const [current] = await models(scope, personId, [row]);
    if (!current!.changeable) return err('ERROR_NOT_CHANGEABLE' as const);
    return ok(row);
  }

  const conflictError = (c: 'MONTHLY_EXISTS' | 'OVERLAP') =>
    c === 'MONTHLY_EXISTS'
      ? err('ERROR_MONTHLY_EXISTS' as const, [{ field: 'type', code: 'MONTHLY_EXISTS' }])
      : err('ERROR_OVERLAP' as const, [{ field: 'startDate', code: 'OVERLAP' }]);

  return {
    gauge,

    /** Contracts, mandates (with their next debit), the gauge, the application state and the creditor identifier. */
    async overview(scope: RequestScope, personId: number): Promise<OwnContributionsOverview> {
      const contracts = await contractsOf(scope, personId);
      return {
        contracts: await Promise.all(
          contracts.map(async (c) => ({ id: String(c.id), contractNumber: c.contractNumber, lastYearEmployerCents: await lastYearEmployerCents(scope, c) })),
        ),
        mandates: await models(scope, personId, await store.mandatesOf(personId)),
        gauge: await gauge(personId),
        premiumApplicationFiled: (await store.application(personId)) !== undefined,
        creditorId: deps.creditorId,
        preNotificationDays: deps.preNotificationDays,
        earliestDebitDate: earliestDebitDate(today(), deps.preNotificationDays),
      };
    },

    /**
     * Gives a new mandate (steps 1 to 4). `input` is checked by `mandateInput(today)` (@contract/own-contributions);
     * the contract must be one of the person's as a member (`ERROR_NO_CONTRACT`); a running monthly mandate blocks a
     * new monthly one (`ERROR_MONTHLY_EXISTS`, field `type`); a start inside a running contribution is refused
     * (`ERROR_OVERLAP`, field `startDate`); a start before today + the pre-notification period is
     * `ERROR_INVALID_INPUT` with `startDate: START_TOO_EARLY` and `params.date` the earliest date (decision 0044). Stores the mandate with a new unique mandate reference, the creditor
     * identifier and today as signing date, files its PDF in the documents archive, pre-notifies at once the debits
     * due within the pre-notification period (decision 0044), and answers whether the amount
     * clearly exceeds last year's employer contributions (a warning). A refusal stores nothing.
     */
    async create(scope: RequestScope, personId: number, input: CreateMandateWire): Promise<R<{ mandate: MandateModel; employerWarning: boolean }>> {
      const now = today();
      const rules = rulesOf(now);
      const parsed = rules.schema.safeParse(input);
      if (!parsed.success) return err('ERROR_INVALID_INPUT', fieldErrorsOf(parsed.error.issues, rules.params));
      const v = parsed.data;
      const contract = (await contractsOf(scope, personId)).find((c) => String(c.id) === v.contractId);
      if (!contract) return err('ERROR_NO_CONTRACT', [{ field: 'contractId', code: 'INVALID' }]);
      const reference = await uniqueReference(contract.contractNumber, now);
      const stored = await writeTransaction(deps.preNotification.db, async () => {
        const inserted = await store.insertChecked(
          {
            personId,
            contractId: contract.id,
            type: v.type,
            amountCents: v.amountCents,
            iban: v.iban,
            bic: null,
            accountOwner: v.accountOwner,
            startDate: v.startDate,
            endDate: null,
            phone: v.phone,
            mandateReference: reference,
            creditorId: deps.creditorId,
            status: 'ACTIVE',
            createdAt: isoInstant(clock.now()),
            signedOn: now,
            signatureKind: null,
          },
          { title: `SEPA-Lastschriftmandat ${reference}`, fileName: `SEPA-Mandat-${reference}.pdf` },
          (existing) => mandateConflict(existing, v),
        );
        if (inserted.ok) {
          const m = inserted.mandate;
          await deps.events.record(
            memberEvent('mandate.created', personId, m.id, { mandateId: m.id, reference, type: m.type, amountCents: m.amountCents, startDate: m.startDate }),
          );
        }
        return inserted;
      });
      if (!stored.ok) return conflictError(stored.conflict);
      await deps.documents.archive(scope, personId, stored.mandate.documentId!);
      await notifyWithinPeriod(scope, stored.mandate);
      const [model] = await models(scope, personId, [stored.mandate]);
      return ok({ mandate: model!, employerWarning: exceedsEmployerContribution(v.type, v.amountCents, await lastYearEmployerCents(scope, contract)) });
    },

    /**
     * Changes a mandate: amount, debit account (IBAN, owner) and phone of a running monthly mandate or of a one-off
     * not yet due, and the date of such a one-off. The rules of `mandateInput` apply. A new IBAN needs the step-up
     * (`currentPassword`; `ERROR_INVALID_INPUT` with `currentPassword: REQUIRED`, `ERROR_PWD_INVALID`). Not the
     * person's: `ERROR_NOT_FOUND`; ended, collected or due: `ERROR_NOT_CHANGEABLE`. Debits already pre-notified for
     * a later date are withdrawn and notified again with the new data: those due within the pre-notification period
     * at once (debited the period after that notice at the earliest), later ones by the collection run. A one-off's new date
     * must respect the pre-notification period like a new mandate (`START_TOO_EARLY`, decision 0044). Answers whether
     * the changed amount clearly exceeds last year's employer contributions (`employerWarning`, as on `create`).
     */
    async change(scope: RequestScope, personId: number, raw: ChangeMandateWire): Promise<R<{ mandate: MandateModel; employerWarning: boolean }>> {
      const found = await changeableOwn(scope, personId, raw.mandateId);
      if (!found.ok) return found;
      const row = found.value;
      const now = today();
      const rules = rulesOf(now);
      const newDate = row.type === 'ONE_OFF' && raw.startDate !== undefined && raw.startDate !== null && raw.startDate !== row.startDate ? raw.startDate : null;
      const parsed = rules.schema.safeParse({
        contractId: String(row.contractId),
        type: row.type,
        amountCents: raw.amountCents ?? row.amountCents,
        iban: raw.iban ?? row.iban,
        accountOwner: raw.accountOwner ?? row.accountOwner,
        phone: raw.phone === undefined ? row.phone : raw.phone,
        // A monthly mandate keeps its dates, and so does a one-off whose date is not changed: only a new date is held
        // to the pre-notification period.
        startDate: newDate ?? (row.startDate > rules.earliest ? row.startDate : rules.earliest),
        confirmed: true,
      });
      if (!parsed.success) return err('ERROR_INVALID_INPUT', fieldErrorsOf(parsed.error.issues, rules.params));
      const v = { ...parsed.data, startDate: newDate ?? row.startDate };
      if (newDate !== null) {
        const conflict = mandateConflict(await store.mandatesOf(personId), v, row.id);
        if (conflict) return conflictError(conflict);
      }
      if (v.iban !== row.iban) {
        const password = typeof raw.currentPassword === 'string' ? raw.currentPassword : null;
        const outcome = await deps.stepUp.verify(scope, personId, password, 'MANDATE_DEBIT_ACCOUNT');
        if (!outcome.ok) {
          return outcome.reason === 'PASSWORD_REQUIRED'
            ? err('ERROR_INVALID_INPUT', [{ field: 'currentPassword', code: 'REQUIRED' }])
            : err('ERROR_PWD_INVALID', [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }]);
        }
      }
      await writeTransaction(deps.preNotification.db, async () => {
        await store.update(row.id, personId, { amountCents: v.amountCents, iban: v.iban, accountOwner: v.accountOwner, phone: v.phone, startDate: v.startDate });
        await store.dropPreNotifiedAfter(row.id, now);
        const data = { mandateId: row.id, amountCents: v.amountCents, startDate: v.startDate, ibanChanged: v.iban !== row.iban };
        await deps.events.record(memberEvent('mandate.changed', personId, row.id, data));
      });
      const changed = (await store.findOwn(row.id, personId))!;
      await notifyWithinPeriod(scope, changed);
      const [model] = await models(scope, personId, [changed]);
      const contract = (await contractsOf(scope, personId)).find((c) => c.id === row.contractId);
      const employerCents = contract ? await lastYearEmployerCents(scope, contract) : null;
      return ok({ mandate: model!, employerWarning: exceedsEmployerContribution(row.type, v.amountCents, employerCents) });
    },

    /**
     * Cancels a mandate (spec 001 section 4): a monthly one at the chosen `endDate` (after today; its last debit is
     * the last debit date up to it; before its first debit it ends at once), a one-off only while not yet due.
     * `ERROR_NOT_FOUND`, `ERROR_NOT_CHANGEABLE`, or `ERROR_INVALID_INPUT` with `endDate: REQUIRED | DATE_INVALID |
     * START_IN_PAST`.
     */
    async cancel(scope: RequestScope, personId: number, raw: CancelMandateWire): Promise<R<{ mandate: MandateModel }>> {
      const found = await changeableOwn(scope, personId, raw.mandateId);
      if (!found.ok) return found;
      const row = found.value;
      const now = today();
      const endDate = raw.endDate;
      if (row.type === 'MONTHLY') {
        if (endDate === undefined || endDate === null || endDate === '') return err('ERROR_INVALID_INPUT', [{ field: 'endDate', code: 'REQUIRED' }]);
        if (!isIsoDate(endDate)) return err('ERROR_INVALID_INPUT', [{ field: 'endDate', code: 'DATE_INVALID' }]);
        if (endDate <= now) return err('ERROR_INVALID_INPUT', [{ field: 'endDate', code: 'START_IN_PAST' }]);
      }
      await writeTransaction(deps.preNotification.db, async () => {
        if (row.type === 'MONTHLY') {
          await store.update(row.id, personId, endDate! < row.startDate ? { status: 'CANCELLED', endDate: endDate! } : { endDate: endDate! });
          await store.dropPreNotifiedAfter(row.id, endDate!);
        } else {
          await store.update(row.id, personId, { status: 'CANCELLED' });
          await store.dropPreNotifiedAfter(row.id, '0000-01-01');
        }
        await deps.events.record(memberEvent('mandate.cancelled', personId, row.id, { mandateId: row.id, endDate: row.type === 'MONTHLY' ? endDate : null }));
      });
      const [model] = await models(scope, personId, [(await store.findOwn(row.id, personId))!]);
      return ok({ mandate: model! });
    },

    /**
     * Files the § 108a EStG premium application (step 5; once per person). Rules: `premiumApplicationInput`
     * (postcode for the country, address lengths, DDMMYY birth date that is a real day, checkbox, signature; a drawn
     * signature must decode to a PNG). `ERROR_APPLICATION_EXISTS` when one is on file; `ERROR_NO_CONTRACT` without a
     * contract to contribute to.
     */
    async applyForPremium(scope: RequestScope, personId: number, input: PremiumApplicationWire): Promise<R<{ filed: true }>> {
      const parsed = premiumApplicationInput(today()).safeParse(input);
      if (!parsed.success) return err('ERROR_INVALID_INPUT', fieldErrorsOf(parsed.error.issues));
      const v = parsed.data;
      if (v.signature.kind === 'DRAWN' && !isPngDataUrl(v.signature.png)) return err('ERROR_INVALID_INPUT', [{ field: 'signature', code: 'SIGNATURE_INVALID' }]);
      if ((await contractsOf(scope, personId)).length === 0) return err('ERROR_NO_CONTRACT');
      const signature = v.signature.kind === 'DRAWN' ? v.signature.png : v.signature.name;
      const application = {
        personId,
        street: v.street,
        postcode: v.postcode,
        city: v.city,
        country: v.country,
        birthDate: v.birthDate,
        signatureKind: v.signature.kind,
        signature,
      };
      const stored = await writeTransaction(deps.preNotification.db, async () => {
        const inserted = await store.insertApplication({ ...application, signedAt: isoInstant(clock.now()) });
        if (inserted) await deps.events.record(memberEvent('premium.applied', personId, null, { country: v.country }));
        return inserted;
      });
      return stored ? ok({ filed: true as const }) : err('ERROR_APPLICATION_EXISTS');
    },
  };
}

export type OwnContributionsService = ReturnType<typeof createOwnContributionsService>;
