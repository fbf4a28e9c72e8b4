import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { SsoLoginAttemptTable, SsoSettingsTable } from './sso.tables.ts';

export type SsoSettingsRecord = Selectable<SsoSettingsTable> & { email_domains: string[] };
export type SsoLoginAttemptRecord = Selectable<SsoLoginAttemptTable> & { live: boolean };

export function createSsoRepository(db: Executor) {
  return {
    async findSettings(organizationId: string, tx: Executor = db): Promise<SsoSettingsRecord | undefined> {
      const settings = await tx
        .selectFrom('sso_settings')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!settings) return undefined;
      const domains = await tx
        .selectFrom('sso_email_domains')
        .select('domain')
        .where('organization_id', '=', organizationId)
        .orderBy('domain')
        .execute();
      return { ...settings, email_domains: domains.map((row) => row.domain) };
    },

    /** Creates or replaces the settings; without a new sealed secret the stored one is kept. */
    async saveSettings(
      organizationId: string,
      settings: {
        issuer: string;
        client_id: string;
        enabled: boolean;
        client_secret_encrypted: string | undefined;
        email_domains: string[];
      },
      tx: Executor,
    ): Promise<void> {
      const { email_domains: domains, client_secret_encrypted: secret, ...columns } = settings;
      await tx
        .insertInto('sso_settings')
        .values({ organization_id: organizationId, ...columns, client_secret_encrypted: secret ?? '' })
        .onConflict((oc) =>
          oc.column('organization_id').doUpdateSet({
            ...columns,
            ...(secret !== undefined ? { client_secret_encrypted: secret } : {}),
            updated_at: new Date(),
          }),
        )
        .execute();
      await tx.deleteFrom('sso_email_domains').where('organization_id', '=', organizationId).execute();
      if (domains.length > 0) {
        await tx
          .insertInto('sso_email_domains')
          .values(domains.map((domain) => ({ organization_id: organizationId, domain })))
          .execute();
      }
    },

    /** Organisations with SSO switched on that reserve this email domain. */
    async findEnabledOrganizationsByDomain(domain: string): Promise<string[]> {
      const rows = await db
        .selectFrom('sso_email_domains')
        .innerJoin('sso_settings', 'sso_settings.organization_id', 'sso_email_domains.organization_id')
        .select('sso_email_domains.organization_id')
        .where('sso_email_domains.domain', '=', domain.toLowerCase())
        .where('sso_settings.enabled', '=', true)
        .execute();
      return rows.map((row) => row.organization_id);
    },

    async insertLoginAttempt(
      attempt: { state_hash: string; organization_id: string; nonce: string; code_verifier: string },
      ttlSeconds: number,
    ): Promise<void> {
      await db
        .deleteFrom('sso_login_attempts')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
      await db
        .insertInto('sso_login_attempts')
        .values({ ...attempt, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds}::int)` })
        .execute();
    },

    /** Takes the attempt out (single use) and says whether it was still live. */
    async takeLoginAttempt(stateHash: string): Promise<SsoLoginAttemptRecord | undefined> {
      return db
        .deleteFrom('sso_login_attempts')
        .where('state_hash', '=', stateHash)
        .returning([
          'state_hash',
          'organization_id',
          'nonce',
          'code_verifier',
          'created_at',
          'expires_at',
          sql<boolean>`expires_at > now()`.as('live'),
        ])
        .executeTakeFirst();
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
