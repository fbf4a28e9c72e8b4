import { sql, type Kysely } from 'kysely';

/** Stored flag overrides renamed to the keys spec 002 §3.7 names (old key → spec key). */
const renamed = [
  ['isChatVisibilityEnabled', 'useChatVisibility'],
  ['isNewChatAppEnabled', 'useNewChatApp'],
  ['isAssignQnaToSpeakerEnabled', 'assignQnaToSpeaker'],
  ['isSessionReplayTrackingEnabled', 'useLogrocketTrack'],
] as const;

async function rename(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  // A value already stored under the new key wins over the old one.
  await sql`
    update organizations
    set feature_flags = jsonb_build_object(${to}::text, feature_flags -> ${from}::text) || (feature_flags - ${from}::text)
    where feature_flags ? ${from}::text
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of renamed) await rename(db, from, to);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of renamed) await rename(db, to, from);
}
