import { useId, useState, type ReactNode } from 'react';
import { engagementPanelMessages as words, type EngagementState } from '@studio/domain';
import { EventAppError } from '../event-app-api.ts';

/** What the sidebar gives each of its panels. */
export interface PanelProps {
  eventId: string;
  state: EngagementState;
  sessionId: string | null;
  /** The person looking (null: not known, as in the studio's preview). */
  personId: string | null;
}

/**
 * A text box and its button: sends (the button, or Enter; Shift+Enter breaks the line, and Enter
 * while an input method composes a word is the method's), clears on success, shows the refusal's
 * message otherwise.
 */
export function Composer({
  label,
  action,
  maxLength,
  onSend,
  children,
  tools,
}: {
  label: string;
  action: string;
  maxLength: number;
  onSend: (text: string) => Promise<unknown>;
  /** More fields (the anonymous checkbox). */
  children?: ReactNode;
  /** More ways to send, after the button (the chat's GIF picker): in the composer's row on a phone. */
  tools?: ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const canSend = !sending && text.trim() !== '';
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(text);
      setText('');
      setError(null);
    } catch (refusal) {
      setError(refusal instanceof EventAppError ? refusal.message : words.sendFailed);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="composer" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        maxLength={maxLength}
        value={text}
        placeholder={words.composerHint}
        onChange={(change) => setText(change.target.value)}
        onKeyDown={(key) => {
          if (key.key !== 'Enter' || key.shiftKey || key.nativeEvent.isComposing) return;
          key.preventDefault();
          key.currentTarget.form?.requestSubmit();
        }}
      />
      {children}
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={!canSend}>
        {action}
      </button>
      {tools}
    </form>
  );
}
