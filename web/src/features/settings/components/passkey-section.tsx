import './passkey-section.css';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkPasskeyName, PASSKEY_NAME_MAX_LENGTH } from '@contract/passkeys';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { usePasskeys } from '../api/get-passkeys';
import { useFinishPasskeyRegistration } from '../api/finish-passkey-registration';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import { useStartPasskeyRegistration } from '../api/start-passkey-registration';
import { fieldErrorText, nonePlaced } from './field-errors';
import { formatDateTime } from './local-date';
import { SettingsSection } from './settings-section';
import { StepUpPasswordField } from './step-up-field';

type Problem =
  | 'passkeys.add.cancelled'
  | 'passkeys.add.unsupported'
  | 'passkeys.error.ERROR_PASSKEY_INVALID'
  | 'passkeys.error.ERROR_PASSKEY_EXISTS'
  | 'passkeys.error.ERROR_NOT_FOUND'
  | 'passkeys.error.internal';

interface AddFormInput {
  name: string;
  currentPassword: string;
}

const ADD_FIELDS = ['name', 'currentPassword'] as const;

/** The catalogue key of a refused change's code; unknown codes read as a technical problem. */
function problemOf(code: string | undefined): Problem {
  if (code === 'ERROR_PASSKEY_INVALID' || code === 'ERROR_PASSKEY_EXISTS' || code === 'ERROR_NOT_FOUND') return `passkeys.error.${code}`;
  return 'passkeys.error.internal';
}

/**
 * Passkeys in the settings (docs/decisions/0047-passkeys.md): the member's passkeys as a table (name, added, last
 * used) with "Umbenennen" and "Entfernen" per row, and a form that adds one: a name and the current password (the
 * step-up; the server refuses without it), then the browser's passkey dialog (`navigator.credentials.create()` through
 * @simplewebauthn/browser). A cancelled or timed-out dialog stores nothing and says so.
 */
export function PasskeySection() {
  const { t } = useTranslation();
  const { data, error, refetch } = usePasskeys();
  const [startAdd] = useStartPasskeyRegistration();
  const [finishAdd] = useFinishPasskeyRegistration();
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AddFormInput>({ defaultValues: { name: '', currentPassword: '' } });

  const onAdd = async (values: AddFormInput) => {
    setSuccess(null);
    setProblem(null);
    const name = checkPasskeyName(values.name);
    if (!name.ok) {
      setError('name', { type: 'client', message: name.code }, { shouldFocus: true });
      return;
    }
    if (!browserSupportsWebAuthn()) {
      setProblem('passkeys.add.unsupported');
      return;
    }
    setBusy(true);
    try {
      const started = (await startAdd({ variables: { input: { currentPassword: values.currentPassword || null } } })).data?.startPasskeyRegistration;
      if (!started?.ok) {
        if (!started?.error || nonePlaced(started.error.fieldErrors, ADD_FIELDS, setError)) setProblem(problemOf(started?.error?.code));
        return;
      }
      let answer;
      try {
        answer = await startRegistration({ optionsJSON: JSON.parse(started.ok.optionsJson) as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      } catch (failure) {
        // InvalidStateError: this authenticator holds one of the member's passkeys already (excluded in the options).
        setProblem(failure instanceof Error && failure.name === 'InvalidStateError' ? 'passkeys.error.ERROR_PASSKEY_EXISTS' : 'passkeys.add.cancelled');
        return;
      }
      const finished = (await finishAdd({ variables: { input: { responseJson: JSON.stringify(answer), name: name.name } } })).data?.finishPasskeyRegistration;
      if (finished?.ok) {
        setSuccess(t('passkeys.add.added', { name: finished.ok.passkey.name }));
        reset();
      } else if (!finished?.error || nonePlaced(finished.error.fieldErrors, ADD_FIELDS, setError)) {
        setProblem(problemOf(finished?.error?.code));
      }
    } catch {
      setProblem('passkeys.error.internal');
    } finally {
      setBusy(false);
    }
  };

  let list;
  if (!data) {
    list = error ? <ErrorState onRetry={() => void refetch()} /> : <LoadingState />;
  } else if (data.passkeys.length === 0) {
    list = <p className="passkeys__none">{t('passkeys.none')}</p>;
  } else {
    list = (
      <table className="amount-table passkeys__table">
        <caption>{t('passkeys.listCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('passkeys.column.name')}</th>
            <th scope="col">{t('passkeys.column.createdAt')}</th>
            <th scope="col">{t('passkeys.column.lastUsedAt')}</th>
            <th scope="col">{t('passkeys.column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {data.passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onDone={(text) => {
                setProblem(null);
                setSuccess(text);
              }}
              onProblem={(code) => {
                setSuccess(null);
                setProblem(problemOf(code));
              }}
            />
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <SettingsSection id="passkeys" title={t('passkeys.heading')} intro={<p>{t('passkeys.intro')}</p>} success={success}>
      {list}
      {problem ? <Notice tone="error">{t(problem)}</Notice> : null}
      <h3>{t('passkeys.add.heading')}</h3>
      <form noValidate onSubmit={handleSubmit(onAdd)} aria-busy={busy}>
        <TextField
          label={t('passkeys.add.name')}
          hint={t('passkeys.add.nameHint')}
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          registration={register('name')}
          error={fieldErrorText(t, errors.name?.message)}
        />
        <StepUpPasswordField registration={register('currentPassword')} error={fieldErrorText(t, errors.currentPassword?.message)} />
        <p className="field__hint">{t('passkeys.add.hint')}</p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('passkeys.add.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}

/**
 * One passkey of the table: its name, when it was added and last used, and the two actions. "Umbenennen" turns the
 * name into a small form; "Entfernen" asks once more in the row before it removes the passkey.
 */
function PasskeyRow({
  passkey,
  onDone,
  onProblem,
}: {
  passkey: { id: string; name: string; createdAt: string; lastUsedAt?: string | null };
  onDone: (text: string) => void;
  onProblem: (code: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [draft, setDraft] = useState(passkey.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [rename, { loading: renaming }] = useRenamePasskey();
  const [remove, { loading: removing }] = useRemovePasskey();

  const saveName = async () => {
    const name = checkPasskeyName(draft);
    if (!name.ok) {
      setNameError(name.code);
      return;
    }
    try {
      const answer = (await rename({ variables: { input: { id: passkey.id, name: name.name } } })).data?.renamePasskey;
      if (answer?.ok) {
        setMode('view');
        setNameError(null);
        onDone(t('passkeys.rename.renamed', { name: answer.ok.passkey.name }));
      } else if (answer?.error?.fieldErrors[0]) {
        setNameError(answer.error.fieldErrors[0].code);
      } else {
        onProblem(answer?.error?.code);
      }
    } catch {
      onProblem(undefined);
    }
  };

  const confirmRemove = async () => {
    try {
      const answer = (await remove({ variables: { input: { id: passkey.id } } })).data?.removePasskey;
      if (answer?.ok) onDone(t('passkeys.remove.removed', { name: passkey.name }));
      else onProblem(answer?.error?.code);
    } catch {
      onProblem(undefined);
    }
  };

  const errorId = `${inputId}-error`;
  return (
    <tr>
      <th scope="row">
        {mode === 'rename' ? (
          <div className={nameError ? 'field field--invalid' : 'field'}>
            <label htmlFor={inputId} className="field__label">
              {t('passkeys.rename.label', { name: passkey.name })}
            </label>
            <input
              id={inputId}
              className="field__input"
              value={draft}
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              autoComplete="off"
              aria-invalid={Boolean(nameError)}
              aria-describedby={nameError ? errorId : undefined}
              onChange={(event) => setDraft(event.target.value)}
            />
            {nameError ? (
              <p id={errorId} className="field__error">
                {fieldErrorText(t, nameError)}
              </p>
            ) : null}
          </div>
        ) : (
          passkey.name
        )}
      </th>
      <td>{formatDateTime(passkey.createdAt)}</td>
      <td>{passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : t('passkeys.neverUsed')}</td>
      <td>
        {mode === 'view' ? (
          <div className="passkeys__actions">
            <button type="button" className="button button--secondary" aria-label={t('passkeys.rename.buttonLabel', { name: passkey.name })} onClick={() => setMode('rename')}>
              {t('passkeys.rename.button')}
            </button>
            <button type="button" className="button button--secondary" aria-label={t('passkeys.remove.buttonLabel', { name: passkey.name })} onClick={() => setMode('remove')}>
              {t('passkeys.remove.button')}
            </button>
          </div>
        ) : null}
        {mode === 'rename' ? (
          <div className="passkeys__actions">
            <button type="button" className="button button--primary" disabled={renaming} onClick={() => void saveName()}>
              {t('passkeys.rename.save')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setMode('view');
                setDraft(passkey.name);
                setNameError(null);
              }}
            >
              {t('passkeys.rename.cancel')}
            </button>
          </div>
        ) : null}
        {mode === 'remove' ? (
          <div role="group" aria-label={t('passkeys.remove.buttonLabel', { name: passkey.name })}>
            <p>{t('passkeys.remove.confirm', { name: passkey.name })}</p>
            <div className="passkeys__actions">
              <button type="button" className="button button--primary" disabled={removing} onClick={() => void confirmRemove()}>
                {t('passkeys.remove.confirmButton')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setMode('view')}>
                {t('passkeys.remove.cancel')}
              </button>
            </div>
          </div>
        ) : null}
      </td>
    </tr>
  );
}
