import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { ReactNode } from 'react';

export interface ModalDialogProps {
  title: string;
  children: ReactNode;
  /** `alertdialog` for an urgent message such as the inactivity warning. @default dialog */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (read with the title when it opens). */
  describedBy?: string;
  /** A call runs: a spinner covers the dialog. */
  busy?: boolean;
  /** Text of the spinner. */
  busyLabel?: string;
  /** `wide` for long texts such as the terms of use. @default normal */
  size?: 'normal' | 'wide';
}

/**
 * The static modal dialog on react-aria-components (decision 0031), loaded lazily through `modal-dialog.tsx`:
 * - `ModalOverlay` is always open while rendered, `isDismissable={false}` (a click outside does nothing) and
 *   `isKeyboardDismissDisabled` (Escape does nothing): the owner closes it by no longer rendering it;
 * - react-aria portals it into `document.body`, makes everything outside it `inert` (ariaHideOutside with
 *   `shouldUseInert`), locks the page's scrolling, keeps Tab and Shift+Tab inside, moves focus into the dialog and
 *   restores it to the element that had it when the dialog unmounts;
 * - `Dialog` carries the role (`dialog` or `alertdialog`) and is labelled by the `Heading` in its title slot.
 */
export function ModalFrame({ title, children, role = 'dialog', describedBy, busy = false, busyLabel, size = 'normal' }: ModalDialogProps) {
  return (
    <ModalOverlay isOpen isDismissable={false} isKeyboardDismissDisabled className="modal">
      <div className="modal__backdrop" aria-hidden="true" />
      <Modal className={size === 'wide' ? 'modal__box modal__box--wide' : 'modal__box'}>
        <Dialog role={role} aria-describedby={describedBy} className="modal__dialog">
          <Heading slot="title" level={2} className="modal__title">
            {title}
          </Heading>
          {children}
          {busy ? (
            <div className="modal__busy" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>{busyLabel}</span>
            </div>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
