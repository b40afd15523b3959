import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sendMessageInput, SUBJECT_MAX, type MessageCounterpart } from '@contract/messages';
import { ErrorState } from '../../../components/ui/error-state';
import { FileUpload } from '../../../components/ui/file-upload';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { SelectField } from '../../../components/ui/select-field';
import { useFileUpload } from '../../../components/ui/use-file-upload';
import { paths } from '../../../config/paths';
import { useMessageRecipients, useSendMessage } from '../api/inbox';

type FormValues = { recipient: MessageCounterpart | ''; subject: string; body: string };
/** The form's fields in reading order (the focus goes to the first invalid one). */
const FIELD_ORDER = ['recipient', 'subject', 'body'] as const;

/**
 * The new-message form (spec 001 section 5): recipient (only those the member has a relation to), subject (at most
 * 100 characters), text, attachments (tiff, pdf, jpg; uploaded when chosen, with progress). Checked with the
 * contract's rule before sending; the server's refusals are shown at their fields. After sending, the sent folder.
 */
export function NewMessageForm() {
  const { t } = useTranslation();
  const ids = useId();
  const navigate = useNavigate();
  const recipients = useMessageRecipients();
  const upload = useFileUpload('inbox-attachment', { max: 5 });
  const [send, { loading: sending }] = useSendMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const [attachmentError, setAttachmentError] = useState<string | undefined>();
  const form = useForm<FormValues>({
    defaultValues: { recipient: '', subject: '', body: '' },
    resolver: zodResolver(sendMessageInput.omit({ attachmentIds: true })) as never,
    // The first invalid field in reading order gets the focus (react-hook-form's own choice follows registration order,
    // and the recipient select registers after the fields below it).
    shouldFocusError: false,
  });
  const { register, handleSubmit, formState, setError } = form;
  const subjectLength = useWatch({ control: form.control, name: 'subject' }).length;
  if (recipients.error && !recipients.data) return <ErrorState onRetry={() => void recipients.refetch()} />;
  if (!recipients.data) return <LoadingState />;
  const allowed = recipients.data.me?.messageRecipients ?? [];
  if (allowed.length === 0) return <Notice>{t('inbox.new.noRecipients')}</Notice>;
  const errorText = (field: keyof FormValues) => {
    const code = formState.errors[field]?.message;
    return code ? t(`inbox.error.${code}`, { defaultValue: t('inbox.error.INVALID_INPUT') }) : undefined;
  };
  const focusFirstError = (errors: Partial<Record<keyof FormValues, unknown>>) => {
    const first = FIELD_ORDER.find((name) => errors[name]);
    if (first) form.setFocus(first);
  };
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setAttachmentError(undefined);
    try {
      const { data } = await send({
        variables: { input: { recipient: values.recipient as MessageCounterpart, subject: values.subject, body: values.body, attachmentIds: upload.files.map((f) => f.id) } },
      });
      const result = data?.sendMessage;
      if (result?.ok) {
        upload.reset();
        void navigate(paths.inbox.getHref('gesendet', result.ok.message.id));
        return;
      }
      for (const fieldError of result?.error?.fieldErrors ?? []) {
        const text = t(`inbox.error.${fieldError.code}`, { defaultValue: fieldError.message });
        if (fieldError.field === 'attachmentIds') setAttachmentError(text);
        else if (fieldError.field === 'recipient' || fieldError.field === 'subject' || fieldError.field === 'body') setError(fieldError.field, { message: fieldError.code });
      }
      focusFirstError(Object.fromEntries((result?.error?.fieldErrors ?? []).map((e) => [e.field, true])));
      // RATE_LIMITED: the server's text names the time to wait (decision 0041).
      if (result?.error?.code === 'RATE_LIMITED') setFormError(result.error.message);
      else setFormError(t(`inbox.error.${result?.error?.code ?? 'INTERNAL'}`, { defaultValue: t('inbox.error.INTERNAL') }));
    } catch {
      setFormError(t('inbox.error.INTERNAL'));
    }
  }, focusFirstError);
  const field = (name: keyof FormValues) => {
    const error = errorText(name);
    return { error, className: error ? 'field field--invalid' : 'field', describedBy: error ? `${ids}-${name}-error` : undefined };
  };
  const recipient = field('recipient');
  const subject = field('subject');
  const body = field('body');
  return (
    <section aria-labelledby={`${ids}-heading`} className="new-message">
      <h2 id={`${ids}-heading`}>{t('inbox.new.title')}</h2>
      <p>{t('inbox.new.intro')}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <Controller
          control={form.control}
          name="recipient"
          render={({ field: control }) => (
            <SelectField
              label={t('inbox.new.recipient')}
              placeholder={t('inbox.new.chooseRecipient')}
              options={allowed.map((counterpart) => ({ value: counterpart, label: t(`inbox.counterpart.${counterpart}`) }))}
              value={control.value}
              onChange={control.onChange}
              onBlur={control.onBlur}
              triggerRef={control.ref}
              error={recipient.error}
            />
          )}
        />
        <div className={subject.className}>
          <label htmlFor={`${ids}-subject`} className="field__label">
            {t('inbox.new.subject')}
          </label>
          <input
            id={`${ids}-subject`}
            className="field__input"
            aria-invalid={subject.error ? true : undefined}
            aria-describedby={[`${ids}-subject-count`, subject.describedBy].filter(Boolean).join(' ')}
            {...register('subject')}
          />
          <p id={`${ids}-subject-count`} className="new-message__count">
            {t('inbox.new.subjectCount', { count: subjectLength, max: SUBJECT_MAX })}
          </p>
          {subject.error ? (
            <p id={subject.describedBy} className="field__error">
              {subject.error}
            </p>
          ) : null}
        </div>
        <div className={body.className}>
          <label htmlFor={`${ids}-body`} className="field__label">
            {t('inbox.new.body')}
          </label>
          <textarea
            id={`${ids}-body`}
            className="field__input new-message__body"
            rows={8}
            aria-invalid={body.error ? true : undefined}
            aria-describedby={body.describedBy}
            {...register('body')}
          />
          {body.error ? (
            <p id={body.describedBy} className="field__error">
              {body.error}
            </p>
          ) : null}
        </div>
        <FileUpload label={t('inbox.new.attachments')} purpose="inbox-attachment" upload={upload} fieldError={attachmentError} disabled={sending} />
        <button type="submit" className="button button--primary" disabled={sending || upload.progress !== null}>
          {sending ? t('state.wait') : t('inbox.new.send')}
        </button>
      </form>
    </section>
  );
}
