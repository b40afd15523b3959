import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { ModalDialog } from '../components/ui/modal-dialog';
import { Notice } from '../components/ui/notice';
import { SelectField } from '../components/ui/select-field';
import { TextField } from '../components/ui/text-field';
import { graphql } from './gql';
import './staff-admin.css';
import type { StaffRole, StaffScreen_CreatedStaffPersonFragmentFragment as CreatedPerson } from './gql/graphql';
import { DataTable, ListState, type Column } from './workbench-table';

/** A row of the staff list (decision 0068); `disableStaffPerson` answers it, so the row shows the change at once. */
graphql(`
  fragment StaffScreen_StaffPersonFragment on StaffPerson {
    id
    email
    name
    role
    createdAt
    lastSignInAt
    disabledAt
    lockedUntil
    isSelf
  }
`);

/** A new account as the screen shows it this once: the person and the initial password and TOTP URI (decision 0059). */
graphql(`
  fragment StaffScreen_CreatedStaffPersonFragment on CreatedStaffPerson {
    person {
      ...StaffScreen_StaffPersonFragment
    }
    initialPassword
    totpUri
  }
`);

const StaffPeopleQuery = graphql(`
  query BackofficeStaffPeople {
    staffPeople {
      ...StaffScreen_StaffPersonFragment
    }
  }
`);

const CreateStaffPersonMutation = graphql(`
  mutation BackofficeCreateStaffPerson($input: CreateStaffPersonInput!) {
    createStaffPerson(input: $input) {
      ok {
        ...StaffScreen_CreatedStaffPersonFragment
      }
      error {
        code
        field
      }
    }
  }
`);

const DisableStaffPersonMutation = graphql(`
  mutation BackofficeDisableStaffPerson($id: Int!) {
    disableStaffPerson(id: $id) {
      ok {
        ...StaffScreen_StaffPersonFragment
      }
      error {
        code
      }
    }
  }
`);

const ResetStaffSignInMutation = graphql(`
  mutation BackofficeResetStaffSignIn($id: Int!) {
    resetStaffSignIn(id: $id) {
      ok {
        ...StaffScreen_CreatedStaffPersonFragment
      }
      error {
        code
      }
    }
  }
`);

const ROLES: readonly StaffRole[] = ['CLERK', 'SUPERVISOR', 'AUDITOR', 'ADMIN'];

/** The create form's checks (the server checks again and answers codes; decision 0059). Messages are catalogue keys. */
const createSchema = z.object({
  email: z.string().trim().min(1, 'EMAIL_REQUIRED').max(254, 'EMAIL_INVALID').email('EMAIL_INVALID'),
  name: z.string().trim().min(1, 'NAME_INVALID').max(100, 'NAME_INVALID'),
  role: z.enum(['CLERK', 'SUPERVISOR', 'AUDITOR', 'ADMIN'], { message: 'ROLE_INVALID' }),
});
type CreateValues = z.input<typeof createSchema>;

/** The refusals the catalogue names (backoffice.staffAdmin.error); any other code reads as UNKNOWN. */
const KNOWN = ['EMAIL_REQUIRED', 'EMAIL_INVALID', 'EMAIL_TAKEN', 'NAME_INVALID', 'ROLE_INVALID', 'NOT_FOUND', 'ALREADY_DISABLED', 'SELF', 'DISABLED', 'RESET_SELF'] as const;
type Known = (typeof KNOWN)[number] | 'UNKNOWN';
const knownOf = (code: string | undefined): Known => ((KNOWN as readonly string[]).includes(code ?? '') ? (code as Known) : 'UNKNOWN');

/** A row's action that asks for confirmation first: disabling the account, or resetting its sign-in (decision 0072). */
type Confirm = { id: number; name: string; action: 'disable' | 'reset' };

/**
 * The ADMIN's staff accounts (decision 0059): the list with role, status and last sign-in; a form that creates an
 * account and shows its initial password and TOTP URI this once (no QR library is installed, so the URI is shown as
 * text to paste into the authenticator app); disabling, and resetting a sign-in for a lost authenticator or a
 * forgotten password (decision 0072: new password and TOTP URI, shown once the same way), each after a confirming
 * dialog. The server records every action.
 */
export function StaffScreen() {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(StaffPeopleQuery);
  const [create, creating] = useMutation(CreateStaffPersonMutation, { refetchQueries: ['BackofficeStaffPeople'] });
  const [disable, disabling] = useMutation(DisableStaffPersonMutation, { refetchQueries: ['BackofficeStaffPeople'] });
  const [reset, resetting] = useMutation(ResetStaffSignInMutation, { refetchQueries: ['BackofficeStaffPeople'] });
  const [shown, setShown] = useState<CreatedPerson | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const confirmTextId = useId();
  const form = useForm<CreateValues>({ resolver: zodResolver(createSchema), defaultValues: { email: '', name: '', role: 'CLERK' } });
  const errorText = (code: string | undefined) => (code ? t(`backoffice.staffAdmin.error.${knownOf(code)}`) : undefined);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    const answer = await create({ variables: { input: { email: values.email.trim(), name: values.name.trim(), role: values.role } } });
    const result = answer.data?.createStaffPerson;
    if (result?.ok) {
      setShown(result.ok);
      form.reset();
    } else if (result?.error) {
      const field = result.error.field === 'name' || result.error.field === 'role' ? result.error.field : 'email';
      form.setError(field, { message: result.error.code }, { shouldFocus: true });
    } else {
      setOutcome({ tone: 'error', text: t('backoffice.error.load') });
    }
  });

  const confirmed = async () => {
    if (!confirm) return;
    if (confirm.action === 'disable') {
      const result = (await disable({ variables: { id: confirm.id } })).data?.disableStaffPerson;
      setOutcome(
        result?.ok
          ? { tone: 'success', text: t('backoffice.staffAdmin.disabled', { name: confirm.name }) }
          : { tone: 'error', text: t(`backoffice.staffAdmin.error.${knownOf(result?.error?.code)}`) },
      );
    } else {
      const result = (await reset({ variables: { id: confirm.id } })).data?.resetStaffSignIn;
      if (result?.ok) setShown(result.ok);
      const code = result?.error?.code === 'SELF' ? 'RESET_SELF' : result?.error?.code;
      setOutcome(
        result?.ok
          ? { tone: 'success', text: t('backoffice.staffAdmin.resetDone', { name: confirm.name }) }
          : { tone: 'error', text: t(`backoffice.staffAdmin.error.${knownOf(code)}`) },
      );
    }
    setConfirm(null);
  };

  const people = data?.staffPeople ?? [];
  const columns: Column<(typeof people)[number]>[] = [
    { header: t('backoffice.staffAdmin.name'), cell: (person) => person.name },
    { header: t('backoffice.staffAdmin.email'), cell: (person) => person.email },
    { header: t('backoffice.staffAdmin.role'), cell: (person) => t(`backoffice.shell.role.${person.role}`) },
    {
      header: t('backoffice.staffAdmin.status'),
      cell: (person) =>
        person.disabledAt
          ? t('backoffice.staffAdmin.statusDisabled', { at: formatLocalDateTime(person.disabledAt) })
          : person.lockedUntil
            ? t('backoffice.staffAdmin.statusLocked', { at: formatLocalDateTime(person.lockedUntil) })
            : t('backoffice.staffAdmin.statusActive'),
    },
    {
      header: t('backoffice.staffAdmin.lastSignIn'),
      className: 'backoffice-table__nowrap',
      cell: (person) => (person.lastSignInAt ? formatLocalDateTime(person.lastSignInAt) : t('backoffice.staffAdmin.never')),
    },
    {
      header: t('backoffice.staffAdmin.actions'),
      hiddenHeader: true,
      cell: (person) =>
        person.disabledAt || person.isSelf ? null : (
          <div className="backoffice-staff__actions">
            {(['reset', 'disable'] as const).map((action) => (
              <button key={action} type="button" className="button button--secondary" onClick={() => setConfirm({ id: person.id, name: person.name, action })}>
                {t(`backoffice.staffAdmin.${action}`)}
                <span className="visually-hidden"> {person.name}</span>
              </button>
            ))}
          </div>
        ),
    },
  ];

  return (
    <>
      <h1>{t('backoffice.staffAdmin.heading')}</h1>
      <p>{t('backoffice.staffAdmin.intro')}</p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      <ListState failed={error ? t('backoffice.error.load') : null} loading={loading} loaded={Boolean(data)} rows={people.length} />
      <DataTable caption={t('backoffice.staffAdmin.caption')} columns={columns} rows={people} rowKey={(person) => String(person.id)} />

      {shown ? (
        <section className="backoffice-staff__shown" aria-labelledby={`${confirmTextId}-shown`}>
          <h2 id={`${confirmTextId}-shown`}>{t('backoffice.staffAdmin.shownHeading', { name: shown.person.name })}</h2>
          <Notice tone="warning">{t('backoffice.staffAdmin.shownOnce')}</Notice>
          <dl className="backoffice-staff__secrets">
            <dt>{t('backoffice.staffAdmin.email')}</dt>
            <dd>{shown.person.email}</dd>
            <dt>{t('backoffice.staffAdmin.initialPassword')}</dt>
            <dd>
              <code data-testid="initial-password">{shown.initialPassword}</code>
            </dd>
            <dt>{t('backoffice.staffAdmin.totpUri')}</dt>
            <dd>
              <code data-testid="totp-uri" className="backoffice-staff__uri">
                {shown.totpUri}
              </code>
            </dd>
          </dl>
          <button type="button" className="button button--primary" onClick={() => setShown(null)}>
            {t('backoffice.staffAdmin.shownDone')}
          </button>
        </section>
      ) : null}

      <h2>{t('backoffice.staffAdmin.createHeading')}</h2>
      <form className="backoffice-staff__form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('backoffice.staffAdmin.name')}
          registration={form.register('name')}
          error={errorText(form.formState.errors.name?.message)}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          label={t('backoffice.staffAdmin.email')}
          registration={form.register('email')}
          error={errorText(form.formState.errors.email?.message)}
          type="email"
          inputMode="email"
          autoComplete="off"
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <SelectField
              label={t('backoffice.staffAdmin.role')}
              options={ROLES.map((role) => ({ value: role, label: t(`backoffice.shell.role.${role}`) }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              error={errorText(form.formState.errors.role?.message)}
            />
          )}
        />
        <button type="submit" className="button button--primary" disabled={creating.loading}>
          {t('backoffice.staffAdmin.create')}
        </button>
      </form>

      {confirm ? (
        <ModalDialog
          title={t(confirm.action === 'disable' ? 'backoffice.staffAdmin.confirmHeading' : 'backoffice.staffAdmin.confirmResetHeading')}
          describedBy={confirmTextId}
          busy={disabling.loading || resetting.loading}
        >
          <p id={confirmTextId}>{t(confirm.action === 'disable' ? 'backoffice.staffAdmin.confirmText' : 'backoffice.staffAdmin.confirmResetText', { name: confirm.name })}</p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={() => void confirmed()}>
              {t(confirm.action === 'disable' ? 'backoffice.staffAdmin.confirmDisable' : 'backoffice.staffAdmin.confirmReset')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirm(null)}>
              {t('backoffice.staffAdmin.cancel')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}
