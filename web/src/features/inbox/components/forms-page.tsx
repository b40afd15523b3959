import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addMonths, isoDateVienna } from '@contract/dates';
import { formatDate } from '@contract/format';
import { CHILD_GENDERS, checkForm, FORM_FUNDS, KEEP_MODES, MAX_CHILDREN, TRANSFER_TYPES, VESTED_AMOUNT_OPTIONS, type FormFieldError, type FormKind } from '@contract/forms';
import { Checkbox } from '../../../components/ui/checkbox';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { ErrorState } from '../../../components/ui/error-state';
import { FileUpload } from '../../../components/ui/file-upload';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { useFileUpload } from '../../../components/ui/use-file-upload';
import { paths } from '../../../config/paths';
import { useFormInfo, useSubmitForm } from '../api/forms';
import { FORM_SLUGS, FORMS_STEP } from './inbox-steps';

type Values = Record<string, string>;
interface Child {
  firstName: string;
  birthDate: string;
  gender: string;
}

const kindOfSlug = (slug: string): FormKind | undefined => (Object.entries(FORM_SLUGS) as [FormKind, string][]).find(([, s]) => s === slug)?.[0];

/** A labelled text input; the error sits under it, tied with `aria-describedby` and flagged with `aria-invalid`. */
function Input(props: { label: string; value: string; onChange: (v: string) => void; error?: string; type?: string; autoComplete?: string; hint?: string }) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={props.error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      <input
        id={id}
        type={props.type ?? 'text'}
        className="field__input"
        value={props.value}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error ? (
        <p id={`${id}-error`} className="field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled select. */
function Select(props: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; error?: string; placeholder?: string }) {
  const id = useId();
  return (
    <div className={props.error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      <select
        id={id}
        className="field__select"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.error ? (
        <p id={`${id}-error`} className="field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** An error under a group (radio buttons, checkbox). */
function GroupError({ text }: { text?: string }) {
  return text ? (
    <p className="field__error" role="alert">
      {text}
    </p>
  ) : null;
}

/** The list of forms (`/postfach/formulare`): the ones the member may send, each with a short description. */
function FormList({ kinds }: { kinds: readonly FormKind[] }) {
  const { t } = useTranslation();
  if (kinds.length === 0) return <Notice>{t('forms.error.NOT_AVAILABLE')}</Notice>;
  return (
    <section aria-labelledby="forms-heading" className="forms">
      <h2 id="forms-heading">{t('forms.heading')}</h2>
      <p>{t('forms.intro')}</p>
      <ul className="forms__list">
        {kinds.map((kind) => (
          <li key={kind} className="forms__item">
            <h3 className="forms__title">
              <Link to={paths.inbox.getHref(FORMS_STEP, FORM_SLUGS[kind])}>{t(`forms.kind.${kind}.title`)}</Link>
            </h3>
            <p>{t(`forms.kind.${kind}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The next 12 first-of-month dates from `earliest` (the pension call's start choices). */
function startChoices(earliest: string): string[] {
  return Array.from({ length: 12 }, (_, i) => addMonths(earliest, i));
}

/**
 * One form (`/postfach/formulare/{form}`; spec 001 sections 2, 3, 5, 8): the vested-amount decision (exactly one option
 * and its sub-option; a payout with account and identity document), bank data, or the pension call (start from the
 * earliest possible one, partner, at most 5 children with gender). Checked with the contract's `checkForm` before
 * sending; the server's refusals are shown at their fields. One idempotency key per opened form, so a repeated click
 * gets the first answer.
 */
function FormScreen({ kind, email, earliestPensionStart }: { kind: FormKind; email: string; earliestPensionStart: string }) {
  const { t } = useTranslation();
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  /** Today in Vienna when the form was opened (the rules' dates: birth dates not in the future, valid-from not past). */
  const [today] = useState(() => isoDateVienna(Date.now()));
  const [values, setValues] = useState<Values>({ contactEmail: email, pensionStart: earliestPensionStart });
  const [children, setChildren] = useState<Child[]>([]);
  const [terms, setTerms] = useState(false);
  /** Errors the server answered; cleared by the next change. */
  const [serverErrors, setServerErrors] = useState<FormFieldError[]>([]);
  /** After the first attempt to send, the contract's rules run on every change (messages follow the input). */
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);
  const upload = useFileUpload('form-id-document', { max: 1 });
  const [submit, { loading }] = useSubmitForm();
  const set = (key: string) => (v: string) => {
    setServerErrors([]);
    setFormError(null);
    setValues((old) => ({ ...old, [key]: v }));
  };
  const errorAt = (field: string) => {
    const e = [...serverErrors, ...liveErrors()].find((x) => x.field === field);
    return e ? t(`forms.error.${e.code}`, { defaultValue: t('forms.error.INVALID') }) : undefined;
  };
  const opt = (v: string | undefined) => (v ? v : undefined);

  function input() {
    const common = { kind, idempotencyKey, contactEmail: values.contactEmail, termsAccepted: terms, currentPassword: opt(values.currentPassword) };
    if (kind === 'VESTED_AMOUNT') {
      const o = values.option;
      return {
        ...common,
        vestedAmount: {
          option: opt(o),
          keepMode: o === 'KEEP' ? opt(values.keepMode) : undefined,
          transferType: o === 'TRANSFER' ? opt(values.transferType) : undefined,
          institutionName: o === 'TRANSFER' ? values.institutionName : undefined,
          employerName: o === 'TRANSFER' ? values.employerName : undefined,
          accountHolder: o === 'PAYOUT' ? values.accountHolder : undefined,
          iban: o === 'PAYOUT' ? values.iban : undefined,
          bic: o === 'PAYOUT' ? values.bic : undefined,
          idDocumentUploadId: o === 'PAYOUT' ? upload.files[0]?.id : undefined,
        },
      };
    }
    if (kind === 'BANK_DATA') {
      return {
        ...common,
        bankData: { fund: opt(values.fund), accountHolder: values.accountHolder, bankName: values.bankName, iban: values.iban, bic: values.bic, validFrom: values.validFrom },
      };
    }
    const hasPartner = values.hasPartner === 'yes' ? true : values.hasPartner === 'no' ? false : undefined;
    return {
      ...common,
      pensionCall: {
        pensionStart: values.pensionStart,
        hasPartner,
        partner: hasPartner ? { firstName: values.partnerFirstName, lastName: values.partnerLastName, birthDate: values.partnerBirthDate } : undefined,
        children: children.map((c) => ({ firstName: c.firstName, birthDate: c.birthDate, gender: opt(c.gender) })),
      },
    };
  }

  /**
   * The contract's field errors of the current input once the member tried to send. The pension start is left to the
   * server, whose clock decides the earliest start (`earliestPensionStart`); the other rules run as of today in Vienna.
   */
  function liveErrors(): FormFieldError[] {
    if (!attempted) return [];
    const checked = checkForm(input(), today);
    return checked.ok ? [] : checked.fieldErrors.filter((e) => !e.field.endsWith('pensionStart'));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setAttempted(true);
    const data = input();
    const checked = checkForm(data, today);
    if (!checked.ok && checked.fieldErrors.some((e) => !e.field.endsWith('pensionStart'))) {
      setFormError(t(`forms.error.${checked.code}`));
      return;
    }
    try {
      const { data: answer } = await submit({ variables: { input: data as never } });
      const result = answer?.submitForm;
      if (result?.ok) {
        setSentId(result.ok.message.id);
        return;
      }
      setServerErrors(result?.error?.fieldErrors ?? []);
      setFormError(t(`forms.error.${result?.error?.code ?? 'INTERNAL'}`, { defaultValue: t('forms.error.INTERNAL') }));
    } catch {
      setFormError(t('forms.error.INTERNAL'));
    }
  }

  const title = t(`forms.kind.${kind}.title`);
  if (sentId) {
    return (
      <section aria-labelledby="form-heading" className="forms">
        <h2 id="form-heading">{title}</h2>
        <Notice tone="success">{t('forms.sent')}</Notice>
        {kind === 'PENSION_CALL' ? <p>{t('forms.pensionCallAfter')}</p> : null}
        <p>
          <Link to={paths.inbox.getHref('gesendet', sentId)}>{t('forms.showSent')}</Link>
        </p>
        <p>
          <Link to={paths.inbox.getHref(FORMS_STEP)}>{t('forms.back')}</Link>
        </p>
      </section>
    );
  }

  const f = (key: string) => t(`forms.field.${key}` as 'forms.field.iban');
  const bankFields = (path: string): ReactNode => (
    <>
      <Input label={f('accountHolder')} value={values.accountHolder ?? ''} onChange={set('accountHolder')} error={errorAt(`${path}.accountHolder`)} autoComplete="name" />
      {path === 'bankData' ? <Input label={f('bankName')} value={values.bankName ?? ''} onChange={set('bankName')} error={errorAt(`${path}.bankName`)} /> : null}
      <Input label={f('iban')} value={values.iban ?? ''} onChange={set('iban')} error={errorAt(`${path}.iban`)} />
      <Input label={f('bic')} value={values.bic ?? ''} onChange={set('bic')} error={errorAt(`${path}.bic`)} />
    </>
  );
  const password = (
    <Input
      label={f('currentPassword')}
      type="password"
      value={values.currentPassword ?? ''}
      onChange={set('currentPassword')}
      error={errorAt('currentPassword')}
      autoComplete="current-password"
    />
  );

  let section: ReactNode;
  if (kind === 'VESTED_AMOUNT') {
    section = (
      <>
        <ChoiceGroup
          legend={f('option')}
          choices={VESTED_AMOUNT_OPTIONS.map((o) => ({ value: o, label: t(`forms.option.${o}`) }))}
          value={(values.option as (typeof VESTED_AMOUNT_OPTIONS)[number]) ?? null}
          onChange={set('option')}
        />
        <GroupError text={errorAt('vestedAmount.option')} />
        {values.option === 'KEEP' ? (
          <>
            <ChoiceGroup
              legend={f('keepMode')}
              choices={KEEP_MODES.map((o) => ({ value: o, label: t(`forms.keepMode.${o}`) }))}
              value={(values.keepMode as (typeof KEEP_MODES)[number]) ?? null}
              onChange={set('keepMode')}
            />
            <GroupError text={errorAt('vestedAmount.keepMode')} />
          </>
        ) : null}
        {values.option === 'TRANSFER' ? (
          <>
            <ChoiceGroup
              legend={f('transferType')}
              choices={TRANSFER_TYPES.map((o) => ({ value: o, label: t(`forms.transferType.${o}`) }))}
              value={(values.transferType as (typeof TRANSFER_TYPES)[number]) ?? null}
              onChange={set('transferType')}
            />
            <GroupError text={errorAt('vestedAmount.transferType')} />
            <Input label={f('institutionName')} value={values.institutionName ?? ''} onChange={set('institutionName')} error={errorAt('vestedAmount.institutionName')} />
            <Input label={f('employerName')} value={values.employerName ?? ''} onChange={set('employerName')} error={errorAt('vestedAmount.employerName')} />
          </>
        ) : null}
        {values.option === 'PAYOUT' ? (
          <>
            {bankFields('vestedAmount')}
            <FileUpload label={f('idDocument')} purpose="form-id-document" upload={upload} fieldError={errorAt('vestedAmount.idDocumentUploadId')} disabled={loading} />
            {password}
          </>
        ) : null}
      </>
    );
  } else if (kind === 'BANK_DATA') {
    section = (
      <>
        <ChoiceGroup
          legend={f('fund')}
          choices={FORM_FUNDS.map((o) => ({ value: o, label: t(`forms.fund.${o}`) }))}
          value={(values.fund as (typeof FORM_FUNDS)[number]) || null}
          onChange={set('fund')}
          inline
        />
        <GroupError text={errorAt('bankData.fund')} />
        {bankFields('bankData')}
        <Input label={f('validFrom')} type="date" value={values.validFrom ?? ''} onChange={set('validFrom')} error={errorAt('bankData.validFrom')} />
        {password}
      </>
    );
  } else {
    const setChild = (i: number, key: keyof Child) => (v: string) => {
      setServerErrors([]);
      setFormError(null);
      setChildren((old) => old.map((c, j) => (j === i ? { ...c, [key]: v } : c)));
    };
    section = (
      <>
        <Notice>{t('forms.pensionCallDeadline', { date: formatDate(earliestPensionStart) })}</Notice>
        <Select
          label={f('pensionStart')}
          value={values.pensionStart ?? ''}
          onChange={set('pensionStart')}
          options={startChoices(earliestPensionStart).map((d) => ({ value: d, label: formatDate(d) }))}
          error={errorAt('pensionCall.pensionStart')}
        />
        <p>{t('forms.pensionCallAccount')}</p>
        <ChoiceGroup
          legend={f('hasPartner')}
          choices={[
            { value: 'yes', label: t('forms.yes') },
            { value: 'no', label: t('forms.no') },
          ]}
          value={(values.hasPartner as 'yes' | 'no') ?? null}
          onChange={set('hasPartner')}
          inline
        />
        <GroupError text={errorAt('pensionCall.hasPartner')} />
        {values.hasPartner === 'yes' ? (
          <fieldset className="forms__group">
            <legend>{f('partner')}</legend>
            <Input label={f('firstName')} value={values.partnerFirstName ?? ''} onChange={set('partnerFirstName')} error={errorAt('pensionCall.partner.firstName')} />
            <Input label={f('lastName')} value={values.partnerLastName ?? ''} onChange={set('partnerLastName')} error={errorAt('pensionCall.partner.lastName')} />
            <Input label={f('birthDate')} type="date" value={values.partnerBirthDate ?? ''} onChange={set('partnerBirthDate')} error={errorAt('pensionCall.partner.birthDate')} />
          </fieldset>
        ) : null}
        <fieldset className="forms__group">
          <legend>{f('children')}</legend>
          {children.map((c, i) => (
            <fieldset key={i} className="forms__child">
              <legend>{t('forms.field.child', { number: i + 1 })}</legend>
              <Input label={f('firstName')} value={c.firstName} onChange={setChild(i, 'firstName')} error={errorAt(`pensionCall.children.${i}.firstName`)} />
              <Input label={f('birthDate')} type="date" value={c.birthDate} onChange={setChild(i, 'birthDate')} error={errorAt(`pensionCall.children.${i}.birthDate`)} />
              <Select
                label={f('gender')}
                value={c.gender}
                onChange={setChild(i, 'gender')}
                placeholder=""
                options={CHILD_GENDERS.map((g) => ({ value: g, label: t(`forms.gender.${g}`) }))}
                error={errorAt(`pensionCall.children.${i}.gender`)}
              />
              <button type="button" className="button button--secondary" onClick={() => setChildren((old) => old.filter((_, j) => j !== i))}>
                {t('forms.removeChild', { number: i + 1 })}
              </button>
            </fieldset>
          ))}
          <GroupError text={errorAt(`pensionCall.children.${MAX_CHILDREN}`)} />
          {children.length < MAX_CHILDREN ? (
            <button type="button" className="button button--secondary" onClick={() => setChildren((old) => [...old, { firstName: '', birthDate: '', gender: '' }])}>
              {t('forms.addChild')}
            </button>
          ) : (
            <p className="field__hint">{t('forms.maxChildren')}</p>
          )}
        </fieldset>
      </>
    );
  }

  return (
    <section aria-labelledby="form-heading" className="forms">
      <p>
        <Link to={paths.inbox.getHref(FORMS_STEP)}>{t('forms.back')}</Link>
      </p>
      <h2 id="form-heading">{title}</h2>
      <p>{t(`forms.kind.${kind}.description`)}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        {section}
        <Input label={f('contactEmail')} type="email" value={values.contactEmail ?? ''} onChange={set('contactEmail')} error={errorAt('contactEmail')} autoComplete="email" />
        <Checkbox label={f('termsAccepted')} checked={terms} onChange={setTerms} />
        <GroupError text={errorAt('termsAccepted')} />
        <button type="submit" className="button button--primary" disabled={loading || upload.progress !== null}>
          {loading ? t('forms.sending') : t('forms.submit')}
        </button>
      </form>
    </section>
  );
}

/** `/postfach/formulare` (the list) and `/postfach/formulare/{form}` (one form); an unknown or unavailable form says so. */
export function FormsPage({ slug }: { slug: string | undefined }) {
  const { t } = useTranslation();
  const info = useFormInfo();
  if (info.error && !info.data) return <ErrorState onRetry={() => void info.refetch()} />;
  if (!info.data?.me) return <LoadingState />;
  const { kinds, earliestPensionStart } = info.data.me.formInfo;
  if (!slug) return <FormList kinds={kinds} />;
  const kind = kindOfSlug(slug);
  if (!kind || !kinds.includes(kind)) return <Notice tone="warning">{t('forms.error.NOT_AVAILABLE')}</Notice>;
  return <FormScreen key={kind} kind={kind} email={info.data.me.email ?? ''} earliestPensionStart={earliestPensionStart} />;
}
