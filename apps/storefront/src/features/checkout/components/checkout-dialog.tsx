import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { useFocusTrap } from '../../../hooks/use-focus-trap';

interface Props {
  readonly title: string;
  readonly text: string;
  /** The buttons. */
  readonly children: ReactNode;
  /** Escape's action; a static modal (the expired one) leaves it out and Escape does nothing. */
  readonly onEscape?: () => void;
}

const stay = () => undefined;

/**
 * The checkout's modals (spec 2, Modals): role="dialog" named by its title and described by its text, focus
 * moved in, trapped, and returned where it was on close; the backdrop does not close it.
 */
export function CheckoutDialog({ title, text, children, onEscape }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, onEscape ?? stay);
  return (
    <div className="modal-backdrop">
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} tabIndex={-1}>
        <h2 id={`${id}-title`} className="modal__title">
          {title}
        </h2>
        <p id={`${id}-text`}>{text}</p>
        <div className="modal__actions checkout-dialog__actions">{children}</div>
      </div>
    </div>
  );
}
