/**
 * Errors in view (WCAG 2.1 3.3.1 and 2.4.3): after a form's submit is refused, the focus moves to the first invalid
 * field (`aria-invalid="true"`), or, where the form shows only a message, to the first error message, and that place
 * is scrolled into the middle of the viewport (above a sticky header or the calculator's fixed bar). One listener for
 * every form of the app (installed in web/src/main.tsx), so a new form cannot forget it.
 *
 * The check runs on the animation frames after the submit, up to `FRAMES_TO_WAIT` (the zod resolver answers
 * asynchronously), and only while the focus is still where the submit left it (the submit button or nothing): a form
 * that moves the focus itself (a server refusal, a next step) is left alone.
 */
const FRAMES_TO_WAIT = 30;

/** The first place in `form`, in document order, that shows a problem: an invalid field or an error message. */
export function firstProblemIn(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>('[aria-invalid="true"], .field__error, [data-error-summary]');
}

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]';

/**
 * What takes the focus for `problem`: itself when focusable; for a group or an error message the first control of its
 * field (or fieldset); else the message itself, made focusable.
 */
function focusTarget(problem: HTMLElement): HTMLElement {
  if (problem.matches(FOCUSABLE)) return problem;
  const control = problem.querySelector<HTMLElement>(FOCUSABLE) ?? problem.closest('.field, fieldset')?.querySelector<HTMLElement>(FOCUSABLE);
  if (control) return control;
  problem.tabIndex = -1;
  return problem;
}

/** Moves the focus to the first problem of `form` and scrolls it into view; false when the form shows none. */
export function focusFirstProblem(form: HTMLFormElement): boolean {
  const problem = firstProblemIn(form);
  if (!problem) return false;
  const target = focusTarget(problem);
  target.focus({ preventScroll: true });
  (problem.closest<HTMLElement>('.field, fieldset') ?? problem).scrollIntoView({ block: 'center' });
  return true;
}

/** Installs the listener on `doc` (the capture phase sees every form's submit, before React's handler). */
export function installFocusFirstError(doc: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = (event as SubmitEvent).submitter ?? null;
    let frames = 0;
    const untouched = () => doc.activeElement === submitter || doc.activeElement === doc.body || doc.activeElement === null;
    const check = () => {
      if (!form.isConnected || !untouched()) return;
      if (focusFirstProblem(form)) return;
      if (++frames < FRAMES_TO_WAIT) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}
