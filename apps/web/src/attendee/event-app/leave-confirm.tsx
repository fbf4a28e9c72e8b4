import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { eventEntranceMessages as words, eventLeavePath } from '@studio/domain';

/**
 * A modal question (a native `<dialog>`: the page behind is inert, Escape says no): the question
 * and the two answers, the safe one focused first. The attendee bundle carries no Mantine
 * (docs/decisions.md, 2026-11-24), so its modal is the browser's own.
 */
function ConfirmDialog({
  title,
  message,
  confirm,
  cancel,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // A browser without showModal (or jsdom) still shows it, open in place.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  return createPortal(
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      <div className="row">
        <button type="button" className="button secondary" autoFocus onClick={onCancel}>
          {cancel}
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}

/**
 * The page's Leave event form (server-rendered, entrance-page.ts) asks first: one stray tap beside
 * the tabs signed people out, and only their email's link brings them back. Without the app the
 * form still works, unasked.
 */
export function LeaveConfirm({ eventId }: { eventId: string }) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  useEffect(() => {
    const found = document.querySelector<HTMLFormElement>(`form[action="${eventLeavePath(eventId)}"]`);
    if (!found) return;
    const ask = (event: SubmitEvent) => {
      event.preventDefault();
      setForm(found);
    };
    found.addEventListener('submit', ask);
    return () => found.removeEventListener('submit', ask);
  }, [eventId]);
  if (!form) return null;
  return (
    <ConfirmDialog
      title={words.leaveQuestionTitle}
      message={words.leaveQuestion}
      confirm={words.leaveEvent}
      cancel={words.stayInEvent}
      // submit() sends the form without its submit event (this question is not asked again).
      onConfirm={() => form.submit()}
      onCancel={() => {
        setForm(null);
        form.querySelector('button')?.focus();
      }}
    />
  );
}
