import { sql, type Kysely } from 'kysely';

/**
 * Engagement (issue 34): chat messages and chat blocks, questions with their upvotes and answers,
 * polls with their options and votes, and who is present now. The engagement module owns them.
 * Sessions, rooms and booths are named by id without a foreign key (their tables are other
 * modules'); a person's rows go with their account, an event's with the event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table engagement_messages (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    channel text not null,
    channel_id uuid,
    parent_id uuid references engagement_messages(id) on delete cascade,
    author_id uuid references users(id) on delete set null,
    author_name text not null,
    author_role text not null,
    text text not null,
    pinned boolean not null default false,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index engagement_messages_history_idx
    on engagement_messages (event_id, channel, channel_id, created_at desc, id desc)`.execute(db);

  // Staff name people by id: an id that is no account blocks nobody (no foreign key to refuse it).
  await sql`create table engagement_chat_blocks (
    event_id uuid not null references events(id) on delete cascade,
    user_id uuid not null,
    created_at timestamptz not null default now(),
    primary key (event_id, user_id)
  )`.execute(db);

  await sql`create table engagement_questions (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    session_id uuid,
    asker_id uuid references users(id) on delete set null,
    asker_name text not null,
    anonymous boolean not null,
    text text not null,
    state text not null,
    assigned_speaker_id uuid references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index engagement_questions_event_idx
    on engagement_questions (event_id, session_id, created_at)`.execute(db);
  await sql`create table engagement_question_upvotes (
    question_id uuid not null references engagement_questions(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    primary key (question_id, user_id)
  )`.execute(db);
  await sql`create table engagement_answers (
    id uuid primary key default gen_random_uuid(),
    question_id uuid not null references engagement_questions(id) on delete cascade,
    answerer_id uuid references users(id) on delete set null,
    answerer_name text not null,
    text text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index engagement_answers_question_idx on engagement_answers (question_id, created_at)`.execute(
    db,
  );

  await sql`create table engagement_polls (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    session_id uuid,
    question text not null,
    multiple boolean not null,
    show_results boolean not null,
    state text not null default 'draft',
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index engagement_polls_event_idx on engagement_polls (event_id, session_id, created_at)`.execute(
    db,
  );
  await sql`create table engagement_poll_options (
    id uuid primary key default gen_random_uuid(),
    poll_id uuid not null references engagement_polls(id) on delete cascade,
    position integer not null,
    text text not null
  )`.execute(db);
  await sql`create index engagement_poll_options_poll_idx on engagement_poll_options (poll_id, position)`.execute(
    db,
  );
  // One ballot per person and poll (its key refuses a second vote), naming one or more options.
  await sql`create table engagement_poll_ballots (
    poll_id uuid not null references engagement_polls(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (poll_id, user_id)
  )`.execute(db);
  await sql`create table engagement_poll_votes (
    poll_id uuid not null,
    user_id uuid not null,
    option_id uuid not null references engagement_poll_options(id) on delete cascade,
    primary key (poll_id, user_id, option_id),
    foreign key (poll_id, user_id) references engagement_poll_ballots(poll_id, user_id) on delete cascade
  )`.execute(db);

  // One row per open push stream; each API node refreshes its own rows, so a crashed node's fade.
  await sql`create table engagement_presence (
    stream_id uuid primary key,
    node_id uuid not null,
    event_id uuid not null references events(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    name text not null,
    session_id uuid,
    seen_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index engagement_presence_event_idx on engagement_presence (event_id, seen_at)`.execute(
    db,
  );
  await sql`create index engagement_presence_node_idx on engagement_presence (node_id)`.execute(db);
}
