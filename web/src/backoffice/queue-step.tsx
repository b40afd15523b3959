import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../components/ui/notice';
import { isKnownCode } from './queue-parts';

/*
 * The next step of an open queue item (decision 0058), written once for the queues that offer one: the step's
 * mutation, its outcome as a notice above the step, and for merges and mandates the note and the step buttons.
 * The step lives inside the item's panel, which is keyed by the item: opening another item starts with an empty form
 * and no outcome.
 */

/** What a step's mutation answers: `ok` when done, else the refusal's `error.code`. */
interface StepAnswer<TOk> {
  ok?: TOk | null;
  error?: { code: string } | null;
}

/** The texts of a step's refusals: the codes the catalogue names and the text of each; any other is the general text. */
interface StepRefusals<C extends string> {
  known: readonly C[];
  text: (code: C) => string;
}

/**
 * The outcome of a step: `run(answer, success)` waits for the mutation's answer (`undefined` when the request failed)
 * and keeps the notice to show: `success(ok)` when done, the catalogue's text of a known refusal, or
 * backoffice.queues.errorOther. `notice` is that notice (a live region through `Notice`), or null before the first
 * step.
 */
export function useStepOutcome<C extends string>(refusals: StepRefusals<C>) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = async <TOk,>(answer: Promise<StepAnswer<TOk> | null | undefined>, success: (ok: TOk) => string) => {
    const result = await answer.catch(() => undefined);
    if (result?.ok) setOutcome({ tone: 'success', text: success(result.ok) });
    else {
      const code = result?.error?.code ?? '';
      setOutcome({ tone: 'error', text: isKnownCode(refusals.known, code) ? refusals.text(code) : t('backoffice.queues.errorOther') });
    }
  };
  const notice: ReactNode = outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null;
  return { run, notice };
}

interface NoteStepsProps<T extends string, TOk, C extends string> {
  /** The steps the item offers now (none without the right to change it): the new status and its button's text. */
  steps: { to: T; label: string; secondary?: boolean }[];
  /** The note field's label and height in rows (at most 2,000 characters). */
  note: { label: string; rows: number };
  /** True while a step is sent: the buttons wait. */
  busy: boolean;
  /** Sends the step with the note (null when blank); resolves to the mutation's answer. */
  send: (to: T, note: string | null) => Promise<StepAnswer<TOk> | null | undefined>;
  /** The success notice's text. */
  success: (ok: TOk) => string;
  refusals: StepRefusals<C>;
}

/**
 * Steps that set an item's status with an optional note (merge requests, mandates): "Nächste Schritte", the note
 * field and a button a step, then the outcome. Once the item offers no step (done, or no right to change it), only
 * the last outcome stays.
 */
export function NoteSteps<T extends string, TOk, C extends string>({ steps, note, busy, send, success, refusals }: NoteStepsProps<T, TOk, C>) {
  const { t } = useTranslation();
  const noteId = useId();
  const [text, setText] = useState('');
  const { run, notice } = useStepOutcome(refusals);
  return (
    <>
      {notice}
      {steps.length > 0 ? (
        <>
          <h3>{t('backoffice.queues.steps')}</h3>
          <div className="field">
            <label htmlFor={noteId} className="field__label">
              {note.label}
            </label>
            <textarea id={noteId} className="field__input" rows={note.rows} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
          </div>
          <div className="backoffice-claim__steps">
            {steps.map((step) => (
              <button
                key={step.to}
                type="button"
                className={`button ${step.secondary ? 'button--secondary' : 'button--primary'}`}
                disabled={busy}
                onClick={() => void run(send(step.to, text.trim() === '' ? null : text), success)}
              >
                {step.label}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </>
  );
}
