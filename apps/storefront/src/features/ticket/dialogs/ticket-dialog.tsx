import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { useFocusTrap } from '../../../hooks/use-focus-trap';

interface Props {
  readonly title: string;
  /** What the dialog asks or offers; it describes the dialog to screen readers. */
  readonly text?: string;
  readonly children: ReactNode;
  /** Escape (and the close button of the caller) close it. */
  readonly onClose: () => void;
}

/**
 * The modals around a ticket (spec 2: release confirmation, download): role="dialog" named by its title and
 * described by its text, the focus moved in, kept inside (Tab cycles) and given back on close; Escape closes it.
 */
export function TicketDialog({ title, text, children, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, onClose);
  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className="modal ticket-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={text ? `${id}-text` : undefined}
        tabIndex={-1}
      >
        <h2 id={`${id}-title`} className="modal__title">
          {title}
        </h2>
        {text ? <p id={`${id}-text`}>{text}</p> : null}
        {children}
      </div>
    </div>
  );
}
