import { lazy, Suspense } from 'react';
import type { ModalDialogProps } from './modal-frame';
import './modal.css';

/** Loads the dialog's module (react-aria's modal code); call it ahead when a dialog is about to open. */
export const preloadModalDialog = () => import('./modal-frame');

const ModalFrame = lazy(() => preloadModalDialog().then((module) => ({ default: module.ModalFrame })));

/** The backdrop alone, while a dialog's module loads: it keeps pointer input off the page behind. */
export function ModalBackdrop() {
  return (
    <div className="modal" aria-hidden="true">
      <div className="modal__backdrop" />
    </div>
  );
}

/**
 * A static modal dialog (spec 000 section 2: "all are static and cannot be closed by keyboard"): neither Escape nor
 * a click outside closes it; it closes only when its owner stops rendering it, after the member submitted it. Built
 * on react-aria-components (`modal-frame.tsx`, decision 0031): focus moves into the dialog and Tab cycles inside it,
 * the app behind is inert, and focus returns to the opener when it closes.
 *
 * The frame loads lazily, so that no route's first load carries react-aria's modal code (decision 0031); until it
 * is there a bare backdrop covers the page.
 */
export function ModalDialog(props: ModalDialogProps) {
  return (
    <Suspense fallback={<ModalBackdrop />}>
      <ModalFrame {...props} />
    </Suspense>
  );
}
