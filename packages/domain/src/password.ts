/** Spec 001 §5: the password rule and the limits of the password inputs. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** The new-password inputs accept up to 40 characters; the rule then refuses 33 to 40. */
export const PASSWORD_INPUT_MAX = 40;
export const PASSWORD_SYMBOLS = '@#$%^&+=';

export const PASSWORD_RULE_TEXT =
  'Password must be 8 to 32 characters with an uppercase letter, a lowercase letter, a digit and a special character (@#$%^&+=), and no spaces.';

export type PasswordProblem =
  'length' | 'uppercase' | 'lowercase' | 'digit' | 'symbol' | 'whitespace' | 'control';

/** Every way a password breaks the rule; empty when it satisfies it. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.push('length');
  if (!/[A-Z]/.test(password)) problems.push('uppercase');
  if (!/[a-z]/.test(password)) problems.push('lowercase');
  if (!/[0-9]/.test(password)) problems.push('digit');
  if (![...PASSWORD_SYMBOLS].some((symbol) => password.includes(symbol))) problems.push('symbol');
  if (/\s/.test(password)) problems.push('whitespace');
  // A NUL or other control character cannot be typed and cannot be stored (issue 11).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(password)) problems.push('control');
  return problems;
}

export function isValidPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
