/** A person's part in an event's engagement: the event team (staff), a speaker, or an attendee. */
export type EngagementRole = 'attendee' | 'staff' | 'speaker';

/**
 * Staff — producers and coordinators, who hold the organiser role in the event — moderate its
 * chat, Q&A and polls, from the studio or the event app (spec 002 §6: a coordinator 'can only
 * share content to the stage and engage with the audience via chat, Q&A, polls and surveys').
 */
export const moderatesEngagement = (role: EngagementRole): boolean => role === 'staff';

/** What a person may do with one question: every moderation (staff), or answer it and mark it answered. */
export interface QuestionRights {
  moderate: boolean;
  answer: boolean;
}

/** Speakers answer the questions assigned to them (assign_speaker_qna), and mark those answered. */
export function questionRights(role: EngagementRole, assignedToThem: boolean): QuestionRights {
  const moderate = moderatesEngagement(role);
  return { moderate, answer: moderate || (role === 'speaker' && assignedToThem) };
}

/** Whether a change of a question's moderation is the person's to make. */
export function maySetQuestion(
  rights: QuestionRights,
  changes: { state?: string | undefined; assigned_speaker_id?: string | null | undefined },
): boolean {
  if (rights.moderate) return true;
  return rights.answer && changes.state === 'answered' && changes.assigned_speaker_id === undefined;
}
