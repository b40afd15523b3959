import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isoDateVienna } from '@contract/dates';
import { checkForm, FORM_SECTIONS, type FormFieldError, type FormKind } from '@contract/forms';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Notice } from '../../../../components/ui/notice';
import { useFileUpload } from '../../../../components/ui/use-file-upload';
import { paths } from '../../../../config/paths';
import { useSubmitForm } from '../../api/forms';
import { FORMS_STEP } from '../inbox-steps';
import formsCatalogue from '@contract/i18n/de/forms.json';
import { requiredKey } from '../../../../lib/forms/required-text';
import type { FormDefinition } from './form-definition';
import { FormKitContext, FormText, GroupError, opt, useFieldLabel, type BankDataFund, type Draft, type FormKitValue } from './form-kit';

/** Date fields whose range the server's clock decides (the earliest pension start, the earliest switch date). */
const SERVER_CLOCK_FIELDS = ['pensionCall.pensionStart', 'modelSwitch.switchDate'];
/** The browser checks all but the range of those fields (a missing value it reports itself). */
const checkedHere = (e: FormFieldError) => !SERVER_CLOCK_FIELDS.includes(e.field) || e.code === 'REQUIRED';
const SECTIONS: ReadonlySet<string> = new Set(Object.values(FORM_SECTIONS));

/**
 * One form (`/postfach/formulare/{form}`; spec 001 sections 2, 3, 5, 8): the kind's fields (`definition.Fields`), the
 * contact e-mail and the confirmation. Checked with the contract's `checkForm` before sending and live after the
 * first attempt; the server's refusals are shown at their fields. One idempotency key per opened form, so a repeated
 * click gets the first answer.
 */
export function FormScreen({
  kind,
  definition,
  email,
  earliestPensionStart,
  bankDataFunds,
}: {
  kind: FormKind;
  definition: FormDefinition;
  email: string;
  earliestPensionStart: string;
  bankDataFunds: readonly BankDataFund[];
}) {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  /** Today in Vienna when the form was opened (the rules' dates: birth dates not in the future, valid-from not past). */
  const [today] = useState(() => isoDateVienna(Date.now()));
  const form = useForm<Draft>({
    defaultValues: { contactEmail: email, children: [], ...definition.defaults?.({ earliestPensionStart, today, bankDataFunds }) } as unknown as Draft,
  });
  const values = useWatch({ control: form.control }) as Draft;
  const [terms, setTerms] = useState(false);
  /** The answer to the last attempt (form message, the server's field errors), shown until the values change. */
  const [answer, setAnswer] = useState<{ at: string; text: string; fieldErrors: FormFieldError[] } | null>(null);
  /** After the first attempt to send, the contract's rules run on every change (messages follow the input). */
  const [attempted, setAttempted] = useState(false);
  const [sentId, setSentId] = useState<string | null>(null);
  const upload = useFileUpload('form-id-document', { max: 1 });
  const [submit, { loading }] = useSubmitForm();

  /** The values as sent, so that an answer disappears with the next change. */
  const snapshot = JSON.stringify([values, terms, upload.files.map((x) => x.id)]);
  const current = answer && answer.at === snapshot ? answer : null;
  const serverErrors = current?.fieldErrors ?? [];
  const formError = current?.text ?? null;

  function input(d: Draft, kit: FormKitValue) {
    return {
      kind,
      idempotencyKey,
      contactEmail: d.contactEmail,
      termsAccepted: terms,
      currentPassword: opt(d.currentPassword),
      [FORM_SECTIONS[kind]]: definition.section(d, kit),
    };
  }

  /** The contract's field errors of the current input once the member tried to send (server-clock ranges left out). */
  function liveErrors(kit: FormKitValue): FormFieldError[] {
    if (!attempted) return [];
    const checked = checkForm(input(values, kit), today);
    return checked.ok ? [] : checked.fieldErrors.filter(checkedHere);
  }

  const kit: FormKitValue = {
    errorAt: (path) => {
      const e = [...serverErrors, ...liveErrors(kit)].find((x) => x.field === path);
      if (!e) return undefined;
      // An empty field is named (`forms.required.<field>`); every other code has one text.
      const named = e.code === 'REQUIRED' ? requiredKey('forms', formsCatalogue.forms.required, e.field, SECTIONS) : undefined;
      return t((named ?? `forms.error.${e.code}`) as 'forms.error.INVALID', { defaultValue: t('forms.error.INVALID') });
    },
    upload,
    busy: loading,
    earliestPensionStart,
    today,
    bankDataFunds,
  };

  async function onSubmit(d: Draft) {
    const at = snapshot;
    setAnswer(null);
    setAttempted(true);
    const data = input(d, kit);
    const checked = checkForm(data, today);
    if (!checked.ok && checked.fieldErrors.some(checkedHere)) {
      setAnswer({ at, text: t(`forms.error.${checked.code}`), fieldErrors: [] });
      return;
    }
    try {
      const { data: answer } = await submit({ variables: { input: data as never } });
      const result = answer?.submitForm;
      if (result?.ok) {
        setSentId(result.ok.message.id);
        return;
      }
      setAnswer({ at, text: t(`forms.error.${result?.error?.code ?? 'INTERNAL'}`, { defaultValue: t('forms.error.INTERNAL') }), fieldErrors: result?.error?.fieldErrors ?? [] });
    } catch {
      setAnswer({ at, text: t('forms.error.INTERNAL'), fieldErrors: [] });
    }
  }

  const title = t(`forms.kind.${kind}.title`);
  if (sentId) {
    return (
      <section aria-labelledby="form-heading" className="forms">
        <h2 id="form-heading">{title}</h2>
        <Notice tone="success">{t('forms.sent')}</Notice>
        {definition.afterKey ? <p>{t(definition.afterKey)}</p> : null}
        <p>
          <Link to={paths.inbox.getHref('gesendet', sentId)}>{t('forms.showSent')}</Link>
        </p>
        <p>
          <Link to={paths.inbox.getHref(FORMS_STEP)}>{t('forms.back')}</Link>
        </p>
      </section>
    );
  }

  const { Fields } = definition;
  return (
    <section aria-labelledby="form-heading" className="forms">
      <p>
        <Link to={paths.inbox.getHref(FORMS_STEP)}>{t('forms.back')}</Link>
      </p>
      <h2 id="form-heading">{title}</h2>
      <p>{t(`forms.kind.${kind}.description`)}</p>
      <FormProvider {...form}>
        <FormKitContext.Provider value={kit}>
          <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}>
            {formError ? <Notice tone="error">{formError}</Notice> : null}
            <Fields />
            <FormText name="contactEmail" path="contactEmail" label={f('contactEmail')} type="email" autoComplete="email" />
            <Checkbox label={f('termsAccepted')} checked={terms} onChange={setTerms} />
            <GroupError text={kit.errorAt('termsAccepted')} />
            <button type="submit" className="button button--primary" disabled={loading || upload.progress !== null}>
              {loading ? t('forms.sending') : t('forms.submit')}
            </button>
          </form>
        </FormKitContext.Provider>
      </FormProvider>
    </section>
  );
}
