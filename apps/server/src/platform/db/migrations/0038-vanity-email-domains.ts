import { sql, type Kysely } from 'kysely';

/**
 * Custom email senders (issue 33 §8): one per organisation, with its DKIM key pair (the private
 * key sealed at rest). Several organisations may claim addresses on one domain; each proves it
 * with its own DKIM record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table vanity_email_domains (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    email_sender text not null,
    domain text not null,
    dkim_selector text not null,
    dkim_public_key text not null,
    dkim_private_key_sealed text not null,
    email_domain_verified boolean not null default false,
    verified_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index vanity_email_domains_organization_key
    on vanity_email_domains (organization_id)`.execute(db);
}
