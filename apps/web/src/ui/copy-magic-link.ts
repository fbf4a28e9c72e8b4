import { peopleMessages } from '@studio/domain';
import { useState } from 'react';
import { failureMessage } from '../api/api-error.ts';
import { fetchMagicLink, isLinkNotReady } from '../api/magic-link.ts';
import { showToast } from './toast.ts';

/** Why a copy did not happen: the link could not be had, or the clipboard refused it. */
class LinkUnavailable extends Error {
  constructor(readonly failure: unknown) {
    super('The magic link could not be read.');
  }
}

/**
 * Writes the link to the clipboard. Where the browser takes a pending clipboard item, the write
 * starts within the click and waits for the link (Safari drops a write begun after the call
 * answers); elsewhere the link is written once it is known.
 */
async function copyPendingLink(link: Promise<string>) {
  const pending = link.catch((failure: unknown) => {
    throw new LinkUnavailable(failure);
  });
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard?.write === 'function') {
    const item = new ClipboardItem({
      'text/plain': pending.then((url) => new Blob([url], { type: 'text/plain' })),
    });
    try {
      await navigator.clipboard.write([item]);
      return;
    } catch {
      // A browser without pending items: the plain write below.
    }
  }
  const url = await pending;
  await Promise.resolve().then(() => navigator.clipboard.writeText(url));
}

/**
 * Copies a person's magic link into the event (002 §7.6) — a speaker's, a staff member's, a
 * registrant's — asked for when clicked, so a list does not issue a link per row. A link still
 * being made says so (002 §8.7); a refused copy says 'Copy magic link failed!'.
 */
export function useCopyMagicLink() {
  const [busy, setBusy] = useState(false);
  const copy = async (eventId: string, userId: string) => {
    setBusy(true);
    try {
      await copyPendingLink(fetchMagicLink(eventId, userId));
      showToast(peopleMessages.magicLinkCopied, 'success');
    } catch (error) {
      if (!(error instanceof LinkUnavailable)) showToast(peopleMessages.copyMagicLinkFailed, 'error');
      else if (isLinkNotReady(error.failure)) showToast(peopleMessages.generatingMagicLink, 'info');
      else showToast(failureMessage(error.failure), 'error');
    } finally {
      setBusy(false);
    }
  };
  return { copy: (eventId: string, userId: string) => void copy(eventId, userId), busy };
}
