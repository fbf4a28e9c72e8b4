import { linkify } from '@studio/domain';

/**
 * Attendees' text (chat messages, questions, answers, poll options) shown as text: React escapes
 * it, and only http(s) links become anchors, opened in a new tab without the opener or referrer.
 * Plain elements: the attendee island loads no Mantine (its CSP allows no injected styles).
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkify(text).map((piece, index) =>
        piece.kind === 'link' ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {piece.text}
          </a>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </span>
  );
}
