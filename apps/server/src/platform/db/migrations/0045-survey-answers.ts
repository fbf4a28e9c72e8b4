import { sql, type Kysely } from 'kysely';

/**
 * Survey answers (issue 34 §4): one submission per person per session's survey (the copy a session
 * holds); each answer keeps its question's text as it was answered. Owned by the surveys module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table survey_responses (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    survey_id uuid not null references surveys(id) on delete cascade,
    broadcast_id uuid not null references broadcasts(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    respondent_name text not null,
    answers jsonb not null,
    created_at timestamptz not null default now(),
    constraint survey_responses_once unique (survey_id, user_id)
  )`.execute(db);
  await sql`create index survey_responses_survey_idx on survey_responses (survey_id, created_at, id)`.execute(
    db,
  );
}
