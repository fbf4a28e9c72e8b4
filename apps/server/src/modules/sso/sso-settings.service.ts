import { serverMessages, SSO_CALLBACK_PATH, type SsoSettings, type SsoSettingsUpdate } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { UsersService } from '../users/users.service.ts';
import { discoverProvider, isAcceptableIssuer, type ProviderSettings } from './openid-provider.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { SsoRepository, SsoSettingsRecord } from './sso.repository.ts';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** An organisation's identity provider: settings (organisation admins), and what sign-in needs of them. */
export function createSsoSettingsService(deps: {
  db: Executor;
  sso: SsoRepository;
  users: UsersService;
  secretBox: SecretBox;
  publicUrl: string;
}) {
  const { db, sso, users, secretBox } = deps;
  const redirectUri = `${deps.publicUrl}${SSO_CALLBACK_PATH}`;

  function toSettings(organizationId: string, record: SsoSettingsRecord | undefined): SsoSettings {
    return {
      organization: organizationId,
      issuer: record?.issuer ?? '',
      client_id: record?.client_id ?? '',
      has_client_secret: Boolean(record?.client_secret_encrypted),
      enabled: record?.enabled ?? false,
      email_domains: record?.email_domains ?? [],
      redirect_uri: redirectUri,
    };
  }

  return {
    redirectUri,

    /**
     * The organisation whose settings the caller may manage (the routes' guard): only its own
     * admins; any other organisation does not exist for the caller.
     */
    managedOrganization(caller: Caller, organizationId: string): Promise<string> {
      if (caller.organizationId !== organizationId) throw notFound();
      if (caller.role !== 'ORG_ADMIN') throw forbidden();
      return Promise.resolve(organizationId);
    },

    async get(organizationId: string): Promise<SsoSettings> {
      return toSettings(organizationId, await sso.findSettings(organizationId));
    },

    /**
     * Saves the provider (checked by discovery when switched on) and applies the SSO email domains:
     * members with such an email become only_sso, the others stop being.
     */
    async update(organizationId: string, update: SsoSettingsUpdate): Promise<SsoSettings> {
      if (!isAcceptableIssuer(update.issuer)) throw fieldError('issuer', serverMessages.ssoIssuerInsecure);
      const stored = await sso.findSettings(organizationId);
      const storedSecret = stored?.client_secret_encrypted
        ? secretBox.open(stored.client_secret_encrypted)
        : null;
      const clientSecret = update.client_secret ?? storedSecret;
      if (!clientSecret) throw fieldError('client_secret', serverMessages.ssoClientSecretRequired);
      if (update.enabled) {
        await discoverProvider({ issuer: update.issuer, clientId: update.client_id, clientSecret }).catch(
          () => {
            throw fieldError('issuer', serverMessages.ssoDiscoveryFailed, 'SSO_DISCOVERY_FAILED');
          },
        );
      }
      const domains = [...new Set(update.email_domains)];
      await db.transaction().execute(async (tx) => {
        await sso.saveSettings(
          organizationId,
          {
            issuer: update.issuer,
            client_id: update.client_id,
            enabled: update.enabled,
            client_secret_encrypted:
              update.client_secret !== undefined ? secretBox.seal(update.client_secret) : undefined,
            email_domains: domains,
          },
          tx,
        );
        await users.setOnlySsoByDomain(organizationId, update.enabled ? domains : [], tx);
      });
      return toSettings(organizationId, await sso.findSettings(organizationId));
    },

    /** Whether the organisation makes people with this email sign in with SSO only. */
    async onlySsoFor(organizationId: string, email: string): Promise<boolean> {
      const settings = await sso.findSettings(organizationId);
      return Boolean(settings?.enabled && settings.email_domains.includes(domainOf(email)));
    },

    /**
     * The provider of an organisation with SSO switched on, with its secret opened; undefined when
     * there is none (or the secret no longer opens: the server's secret key changed).
     */
    async enabledProvider(organizationId: string): Promise<ProviderSettings | undefined> {
      const settings = await sso.findSettings(organizationId);
      if (!settings?.enabled) return undefined;
      const clientSecret = secretBox.open(settings.client_secret_encrypted);
      if (!clientSecret) return undefined;
      return { issuer: settings.issuer, clientId: settings.client_id, clientSecret };
    },

    /** The one organisation with SSO switched on that reserves the email's domain, if exactly one does. */
    async organizationForDomainOf(email: string): Promise<string | undefined> {
      const organizations = await sso.findEnabledOrganizationsByDomain(domainOf(email));
      return organizations.length === 1 ? organizations[0] : undefined;
    },
  };
}

export type SsoSettingsService = ReturnType<typeof createSsoSettingsService>;
