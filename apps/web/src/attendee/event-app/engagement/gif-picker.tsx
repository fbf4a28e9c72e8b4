import { useState } from 'react';
import { CHAT_GIFS, engagementPanelMessages as words, type ChatGifId } from '@studio/domain';
import applause from './gifs/applause.gif?no-inline';
import heart from './gifs/heart.gif?no-inline';
import laugh from './gifs/laugh.gif?no-inline';
import party from './gifs/party.gif?no-inline';
import thumbsUp from './gifs/thumbs-up.gif?no-inline';
import wave from './gifs/wave.gif?no-inline';
import { EventAppError } from '../event-app-api.ts';

/** The bundled GIFs' files: hashed assets of the site's own origin (never inlined: the CSP has no `data:`). */
const GIF_FILES: Record<ChatGifId, string> = {
  applause,
  'thumbs-up': thumbsUp,
  party,
  wave,
  heart,
  laugh,
};

/** A message's GIF, named for screen readers; an id the app does not ship shows nothing. */
export function ChatGif({ id }: { id: string }) {
  const gif = CHAT_GIFS.find((entry) => entry.id === id);
  if (!gif) return null;
  return <img className="chat-gif" src={GIF_FILES[gif.id]} alt={words.gifShown(gif.label)} />;
}

/** The composer's GIF button and its grid of the bundled set; a choice is sent at once. */
export function GifPicker({ onPick }: { onPick: (gif: ChatGifId) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (gif: ChatGifId) => {
    try {
      await onPick(gif);
      setOpen(false);
      setError(null);
    } catch (refusal) {
      setError(refusal instanceof EventAppError ? refusal.message : words.sendFailed);
    }
  };
  return (
    <div className="gif-picker">
      <button
        type="button"
        className="button secondary"
        aria-expanded={open}
        aria-label={words.chooseGif}
        onClick={() => setOpen(!open)}
      >
        {words.gif}
      </button>
      {open && (
        <ul className="gif-grid" aria-label={words.chooseGif}>
          {CHAT_GIFS.map((gif) => (
            <li key={gif.id}>
              <button type="button" aria-label={words.sendGif(gif.label)} onClick={() => void pick(gif.id)}>
                <img src={GIF_FILES[gif.id]} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </div>
  );
}
