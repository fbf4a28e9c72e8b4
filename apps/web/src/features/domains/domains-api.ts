import {
  domainMessages,
  pageSchema,
  registrationDomainSchema,
  REGISTRATION_DOMAINS_PAGE_SIZE,
  type RegistrationDomain,
} from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const domainsPath = (organizationId: string) => `/core/organization/${organizationId}/domains/`;
const domainPageSchema = pageSchema(registrationDomainSchema);

/** The organisation's domains: one page holds them all (a handful per organisation). */
export const domainsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.domains.all, organizationId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${domainsPath(organizationId)}?limit=${REGISTRATION_DOMAINS_PAGE_SIZE}`,
        schema: domainPageSchema,
      }),
  });

export const addDomain = (organizationId: string, domain: string) =>
  studioApi.request({
    method: 'POST',
    path: domainsPath(organizationId),
    body: { domain },
    schema: registrationDomainSchema,
  });

export const verifyDomain = (organizationId: string, id: string) =>
  studioApi.request({
    method: 'POST',
    path: `${domainsPath(organizationId)}${id}/verify/`,
    schema: registrationDomainSchema,
  });

export const makeDomainDefault = (organizationId: string, id: string) =>
  studioApi.request({
    method: 'PATCH',
    path: `${domainsPath(organizationId)}${id}/`,
    body: { is_default: true },
    schema: registrationDomainSchema,
  });

export const deleteDomain = (organizationId: string, id: string) =>
  studioApi.request({ method: 'DELETE', path: `${domainsPath(organizationId)}${id}/` });

// Mutation hooks: each change refreshes the list and the organisation (its domain settings).

const touched = (organizationId: string) => [queryKeys.domains.all, queryKeys.organization(organizationId)];

export const useAddDomain = (
  organizationId: string,
  handlers: { onAdded: (domain: RegistrationDomain) => unknown; onFailure: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (domain: string) => addDomain(organizationId, domain),
    successToast: domainMessages.added,
    invalidates: touched(organizationId),
    onSuccess: handlers.onAdded,
    onFailure: handlers.onFailure,
  });

/** A failed verification is shown beside the domain (its records), not as a toast. */
export const useVerifyDomain = (organizationId: string, onFailure: (error: unknown) => void) =>
  useStudioMutation({
    mutationFn: (id: string) => verifyDomain(organizationId, id),
    successToast: domainMessages.verified,
    invalidates: touched(organizationId),
    onFailure,
  });

export const useMakeDomainDefault = (organizationId: string) =>
  useStudioMutation({
    mutationFn: (id: string) => makeDomainDefault(organizationId, id),
    successToast: domainMessages.defaultSet,
    invalidates: touched(organizationId),
  });

export const useDeleteDomain = (organizationId: string, onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: (id: string) => deleteDomain(organizationId, id),
    successToast: domainMessages.deleted,
    invalidates: touched(organizationId),
    onSuccess: onDeleted,
  });
