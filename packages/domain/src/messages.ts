import { z } from 'zod';

/**
 * Every user-visible string of the spec that more than one place uses, verbatim.
 * Server errors and web toasts both read from here.
 */
export const messages = {
  unknownError: 'Unknown Error Occurred !',
  internalServerError: 'Internal server error',
  somethingWentWrong: 'Something went wrong. Please try again.',
  loggedOut: 'You have been successfully logged out.',
  passwordUpdated: 'Password successfully updated.',
  passwordSetFailed: 'Failed to set new password. If the problem persists, please contact support.',
  onlySso:
    "Username and password access is disabled for this account. To access the product, log in using your organization's SSO.",
  noEventPermission: 'You do not have permission to view this event.',
  fetchOrganizationFailed: 'Failed to fetch organization!',
  selectEmpty: 'No options found!',
  confirmTitle: 'Are you sure?',
  fieldRequired: 'This field is required.',
} as const;

/** A count with its noun: '1 line', '2 lines' (`many` where the plural is not `one` + 's'). */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** Server-side messages of our own design (the spec leaves them "not shown"). */
export const serverMessages = {
  invalidCredentials: 'Unable to log in with the provided credentials.',
  notAuthenticated: 'Authentication credentials were not provided or are invalid.',
  invalidRefresh: 'The refresh token is invalid, expired or already used.',
  notFound: 'Not found.',
  deletedMeanwhile: 'What this belongs to was deleted while the change was made.',
  forbidden: 'You do not have permission to perform this action.',
  validation: 'Some fields are invalid.',
  emailUnavailable: 'This email cannot be used to sign up.',
  alreadyInOrganization: 'You already belong to an organization.',
  tooManyRequests: 'Too many requests. Please try again later.',
  signupConfirmed: 'Your email address is confirmed.',
  signupCodeSent: 'If this email needs confirming, we have sent a new code.',
  invalidCode: 'The code is invalid or has expired.',
  passwordResetCodeSent: 'If an account exists for this email, we have sent a code to reset the password.',
  magicLinkSent: 'If an account exists for this email, we have sent a sign-in link.',
  invalidLink: 'This sign-in link is invalid, has expired or was already used.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordInvalid: 'The current password is not correct.',
  ssoNotConfigured: 'Single sign-on is not set up for this account.',
  ssoFailed: 'Single sign-on failed. Please try again.',
  ssoInvalidToken: 'The single sign-on token is invalid or has expired.',
  ssoAccountElsewhere: 'This account cannot sign in with this organization’s single sign-on.',
  ssoDiscoveryFailed: 'No OpenID Connect provider answered at this issuer URL.',
  ssoIssuerInsecure: 'The issuer URL must use https (http is accepted only for this machine).',
  ssoClientSecretRequired: 'Enter the client secret.',
  nulCharacter: 'This field must not contain a NUL character.',
  /** A lone UTF-16 surrogate (`"\ud800"` in JSON): no character at all, which PostgreSQL refuses. */
  invalidCharacter: 'This field contains an invalid character.',
} as const;

type Issue = z.core.$ZodRawIssue;

const sizeUnits: Record<string, [one: string, many: string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  map: ['entry', 'entries'],
  file: ['byte', 'bytes'],
};

const formatNames: Record<string, string> = {
  email: 'an email address',
  url: 'a URL',
  uuid: 'an identifier',
  datetime: 'a date and time',
  date: 'a date',
  time: 'a time',
};

const isEmpty = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/**
 * The message of a zod issue whose schema gave none: plain words for organisers ('This field is
 * required.', 'Enter at most 255 characters.'), never zod's default English ('Too small: expected
 * string to have >=1 characters'). Installed for every zod schema by `z.config` below, so a form
 * (web) and the API's 400 `errors` (server) read the same text; a schema's own message still wins.
 */
export function plainIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty(issue.input) ? messages.fieldRequired : 'Enter a valid value.';
    case 'too_small': {
      const minimum = Number(issue.minimum);
      const unit = sizeUnits[issue.origin];
      if (unit) {
        if (minimum <= 1 && issue.inclusive !== false)
          return issue.origin === 'string' ? messages.fieldRequired : `Choose at least one.`;
        const verb = issue.origin === 'string' ? 'Enter' : 'Choose';
        return `${verb} at least ${plural(minimum, ...unit)}.`;
      }
      return issue.inclusive === false
        ? `Enter a value greater than ${String(issue.minimum)}.`
        : `Enter a value of at least ${String(issue.minimum)}.`;
    }
    case 'too_big': {
      const unit = sizeUnits[issue.origin];
      if (unit) {
        const verb = issue.origin === 'string' ? 'Enter' : 'Choose';
        return `${verb} at most ${plural(Number(issue.maximum), ...unit)}.`;
      }
      return issue.inclusive === false
        ? `Enter a value less than ${String(issue.maximum)}.`
        : `Enter a value of at most ${String(issue.maximum)}.`;
    }
    case 'invalid_format':
      if (isEmpty(issue.input)) return messages.fieldRequired;
      return `Enter ${formatNames[issue.format] ?? 'a valid value'}.`;
    case 'invalid_value':
      return isEmpty(issue.input) ? messages.fieldRequired : 'Choose one of the options.';
    case 'not_multiple_of':
      return `Enter a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    case 'custom':
    case 'invalid_element':
    case 'invalid_key':
    case 'invalid_union':
      return isEmpty(issue.input) ? messages.fieldRequired : 'Enter a valid value.';
  }
}

z.config({ customError: plainIssueMessage });
