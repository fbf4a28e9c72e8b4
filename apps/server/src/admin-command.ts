import type { OperatorFlags } from './modules/organizations/operator-flags.ts';

const USAGE = [
  'Usage: npm run admin -- flags <organization id>                      list the flags',
  '       npm run admin -- flags <organization id> set <flag> on|off    switch a flag',
  '       npm run admin -- flags <organization id> set <flag> <YYYY-MM-DD>|null   a date flag',
].join('\n');

/** A flag's value as typed: on/off, null, or a date. */
const valueOf = (typed: string): boolean | string | null =>
  typed === 'on' ? true : typed === 'off' ? false : typed === 'null' ? null : typed;

/** Runs one operator command; answers the lines to print. Throws HttpError on a refused change. */
export async function runAdminCommand(flags: OperatorFlags, args: readonly string[]): Promise<string[]> {
  const [area, organizationId, action, key, typed] = args;
  if (area !== 'flags' || !organizationId) return [USAGE];
  if (action === undefined) {
    const resolved = await flags.flagsOf(organizationId);
    return Object.entries(resolved).map(
      ([name, value]) => `${name}: ${value === true ? 'on' : value === false ? 'off' : String(value)}`,
    );
  }
  if (action !== 'set' || !key || typed === undefined) return [USAGE];
  await flags.setFlag(organizationId, key, valueOf(typed));
  return [`${key} set to ${typed} for ${organizationId}.`];
}
