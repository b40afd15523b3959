import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { orderRegistrationCodeSchema, type OrderRegistrationCodeFormInput } from '@contract/registration';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import type { RegistrationCodeKind } from '../../../gql/graphql';
import { formatDate } from '@contract/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOrderRegistrationCode } from '../api/order-registration-code';
import { ErrorSummary } from './error-summary';
import { BackToLogin, CodeKindChoice, LastNameField, SubmitAction, SvnrField } from './registration-fields';
import './registration.css';
import { useRegistrationForm } from './use-form-summary';

const ID = { svnr: 'order-code-svnr', lastName: 'order-code-last-name' } as const;
const FIELDS = ['svnr', 'lastName'] as const;

type FormStatus = 'ERROR_ALREADY_REQUESTED' | 'ERROR_NO_VALID_CONTRACT' | 'ERROR_ALREADY_REGISTERED' | 'MAINTENANCE' | 'ERROR';

/**
 * /orderRegistrationCode (spec 001 sections 2, 8 "Order of code" and 9): a new registration code or first password
 * by post to the stored address. After an order none can be ordered for 7 days; the answer names the first day
 * (`nextPossibleOn`). "Number not in the database" is shown at the number; the other answers above the form.
 */
export function OrderRegistrationCodePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('registration.orderCode.pageTitle'));
  const [order, { loading }] = useOrderRegistrationCode();
  const [kind, setKind] = useState<RegistrationCodeKind>('REGISTRATION_CODE');
  const [sent, setSent] = useState(false);
  const [formStatus, setFormStatus] = useState<{ status: FormStatus; nextPossibleOn: string | null } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  const formProblem = formStatus
    ? formStatus.status === 'ERROR_ALREADY_REQUESTED'
      ? formStatus.nextPossibleOn
        ? t('registration.orderCode.status.ERROR_ALREADY_REQUESTED', { date: formatDate(formStatus.nextPossibleOn) })
        : t('registration.orderCode.status.ERROR_ALREADY_REQUESTED_NO_DATE')
      : t(`registration.orderCode.status.${formStatus.status}`)
    : null;
  const { form, summary, refusedFields } = useRegistrationForm(zodResolver(orderRegistrationCodeSchema), { svnr: '', lastName: '' }, FIELDS, ID, formProblem);

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const onSubmit = (values: OrderRegistrationCodeFormInput) => {
    setFormStatus(null);
    return summary.send(
      async () => {
        const { data } = await order({ variables: { input: { svnr: values.svnr, lastName: values.lastName, kind } } });
        const result = data?.orderRegistrationCode;
        if (!result) throw new Error('orderRegistrationCode gave no answer');
        if (result.ok) {
          summary.reset();
          setSent(true);
          return true;
        }
        if (refusedFields(result.error, { ERROR_NOT_FOUND: ['svnr', 'registration.orderCode.status.ERROR_NOT_FOUND'] })) return false;
        const code = result.error?.code;
        switch (code) {
          case 'ERROR_ALREADY_REQUESTED':
          case 'ERROR_NO_VALID_CONTRACT':
          case 'ERROR_ALREADY_REGISTERED':
          case 'MAINTENANCE':
            setFormStatus({ status: code, nextPossibleOn: result.error?.nextPossibleOn ?? null });
            break;
          default:
            setFormStatus({ status: 'ERROR', nextPossibleOn: null });
        }
        return false;
      },
      () => setFormStatus({ status: 'ERROR', nextPossibleOn: null }),
    );
  };

  return (
    <div className="card registration-page">
      <h1 tabIndex={-1}>{t('registration.orderCode.heading')}</h1>
      {sent ? (
        <section aria-labelledby="order-code-sent">
          <h2 id="order-code-sent" ref={sentHeading} tabIndex={-1}>
            {kind === 'FIRST_PASSWORD' ? t('registration.orderCode.sentHeadingFirstPassword') : t('registration.orderCode.sentHeading')}
          </h2>
          <Notice tone="success">{kind === 'FIRST_PASSWORD' ? t('registration.orderCode.sentFirstPassword') : t('registration.orderCode.sent')}</Notice>
          <Link className="button button--primary" to={paths.registration.getHref()}>
            {t('registration.pwdLost.toRegistration')}
          </Link>
        </section>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onSubmit, () => summary.failed())} aria-busy={loading}>
          <ErrorSummary items={summary.items} focusKey={summary.attempt} />
          {formStatus?.status === 'ERROR_ALREADY_REGISTERED' ? (
            <p>
              <Link to={paths.pwdLost.getHref()}>{t('registration.status.codeInvalidPwdLost')}</Link>
            </p>
          ) : null}
          <p className="lead">{t('registration.orderCode.intro')}</p>
          <SvnrField id={ID.svnr} field={form.register('svnr')} error={summary.fieldError('svnr')} />
          <LastNameField id={ID.lastName} field={form.register('lastName')} error={summary.fieldError('lastName')} />
          <CodeKindChoice texts="registration.orderCode.kind" value={kind} onChange={setKind} />
          <SubmitAction label={t('registration.orderCode.submit')} busy={loading} />
        </form>
      )}
      <BackToLogin />
      {loading ? <BusyOverlay label={t('registration.orderCode.busy')} /> : null}
    </div>
  );
}
