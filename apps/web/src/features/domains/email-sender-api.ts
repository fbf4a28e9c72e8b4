import { EMAIL_SENDER_ERROR_CODES, emailSenderMessages, vanityEmailDomainSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { serverFieldErrors } from '../../ui/studio-form.ts';
import { showToast } from '../../ui/toast.ts';

const PATH = '/core/vanity_email_domains/';

/** The organisation's email sender: a list of one at most (spec 002 §7.5 "list by organisation"). */
export const emailSendersQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.emailSender.all, organizationId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${PATH}?organization=${encodeURIComponent(organizationId)}`,
        schema: z.array(vanityEmailDomainSchema),
      }),
  });

export const createEmailSender = (organizationId: string, address: string) =>
  studioApi.request({
    method: 'POST',
    path: PATH,
    body: { email_sender: address, organization: organizationId },
    schema: vanityEmailDomainSchema,
  });

export const verifyEmailSender = (id: string) =>
  studioApi.request({ method: 'POST', path: `${PATH}${id}/verify/`, schema: vanityEmailDomainSchema });

export const deleteEmailSender = (id: string) =>
  studioApi.request({ method: 'DELETE', path: `${PATH}${id}/` });

// Each change refreshes the sender and the organisation (its `email_sender`, `email_domain_verified`).
const touched = (organizationId: string) => [
  queryKeys.emailSender.all,
  queryKeys.organization(organizationId),
];

/** Spec 002 §8.4: the existing sender's message, a field's own message, else the generic one. */
export function createFailure(error: unknown): { field?: string; toast?: string } {
  if (error instanceof ApiRequestError && error.code === EMAIL_SENDER_ERROR_CODES.alreadyExists)
    return { toast: emailSenderMessages.alreadyExists };
  const field = serverFieldErrors(error).email_sender;
  return field ? { field } : { toast: emailSenderMessages.somethingWentWrong };
}

export const useCreateEmailSender = (
  organizationId: string,
  handlers: { onCreated: () => unknown; onFailure: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (address: string) => createEmailSender(organizationId, address),
    invalidates: touched(organizationId),
    onSuccess: handlers.onCreated,
    onFailure: handlers.onFailure,
  });

/** Records not there yet (400) are a note beside them; anything else the spec's toast. */
export const useVerifyEmailSender = (organizationId: string, onRecordsMissing: () => void) =>
  useStudioMutation({
    mutationFn: verifyEmailSender,
    invalidates: touched(organizationId),
    successToast: emailSenderMessages.verified,
    onFailure: (error) => {
      if (error instanceof ApiRequestError && error.code === EMAIL_SENDER_ERROR_CODES.recordMissing)
        onRecordsMissing();
      else showToast(emailSenderMessages.verificationFailed, 'error');
    },
  });

export const useDeleteEmailSender = (organizationId: string, onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: deleteEmailSender,
    invalidates: touched(organizationId),
    successToast: emailSenderMessages.deleted,
    failureToast: emailSenderMessages.deletionFailed,
    onSuccess: onDeleted,
  });
