import { sql, type Kysely } from 'kysely';

/**
 * Custom registration domains (issue 17 §6): the domains module takes over 0001's
 * `organization_vanity_domains` as `registration_domains`, with each domain's verification token.
 * An organisation lists a domain once; a domain is verified by one organisation at most (several
 * may add it, so nobody can block a domain by adding it unverified); one default per organisation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organization_vanity_domains rename to registration_domains`.execute(db);
  await sql`alter table registration_domains drop constraint organization_vanity_domains_domain_key`.execute(
    db,
  );
  await sql`alter table registration_domains
    add column verification_token text not null default replace(gen_random_uuid()::text, '-', ''),
    add column created_at timestamptz not null default now()`.execute(db);
  await sql`alter table registration_domains alter column verification_token drop default`.execute(db);
  await sql`create unique index registration_domains_org_domain_key
    on registration_domains (organization_id, domain)`.execute(db);
  await sql`create unique index registration_domains_verified_domain_key
    on registration_domains (domain) where is_verified`.execute(db);
  await sql`create unique index registration_domains_default_key
    on registration_domains (organization_id) where is_default`.execute(db);
}
