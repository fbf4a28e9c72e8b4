import type { ComponentType } from 'react';

/**
 * What a screen gives a one-video field of the library (the video library's LibraryVideoField,
 * handed to other features by app/, since a feature never imports another).
 */
export interface VideoFieldProps {
  /** The chosen video, or null. */
  videoId: string | null;
  /** The button and its dialog's title ('Select Buffer Video'). */
  pickLabel: string;
  emptyLabel: string;
  removeLabel: string;
  /** The team of the event, series or template it is picked for (spec 000 §6); null: none. */
  workspaceId: string | null;
  /** Saves the choice (null: removed); true when saved, so the dialog may close. */
  onChange: (videoId: string | null) => Promise<boolean>;
}

export type VideoField = ComponentType<VideoFieldProps>;
