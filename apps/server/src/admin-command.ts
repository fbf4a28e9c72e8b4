import type { OperatorFlags } from './modules/organizations/operator-flags.ts';
import type { StudioUsageRepository } from './modules/studio-usage/studio-usage.repository.ts';

const USAGE = [
  'Usage: npm run admin -- flags <organization id>                      list the flags',
  '       npm run admin -- flags <organization id> set <flag> on|off    switch a flag',
  '       npm run admin -- flags <organization id> set <flag> <YYYY-MM-DD>|null   a date flag',
  "       npm run admin -- usage [days]                                  the studio's usage (default 30 days)",
].join('\n');
/** The usage summary's most done lines. */
const USAGE_LINES = 40;

/** What the operator's commands act on. */
export interface AdminTools {
  flags: OperatorFlags;
  usage: Pick<StudioUsageRepository, 'summary'>;
}

/** The studio's usage of the last `days` days, most done first (`npm run admin -- usage`). */
async function usageSummary(usage: AdminTools['usage'], typed: string | undefined): Promise<string[]> {
  const days = typed === undefined ? 30 : Number(typed);
  if (!Number.isInteger(days) || days < 1) return [USAGE];
  const lines = await usage.summary(days, USAGE_LINES);
  if (lines.length === 0) return [`Nothing was tracked in the last ${days} days.`];
  return [
    `The studio's usage in the last ${days} days (times, people):`,
    ...lines.map((line) => `${line.event} ${line.what}: ${line.times}, ${line.people}`),
  ];
}

/** A flag's value as typed: on/off, null, or a date. */
const valueOf = (typed: string): boolean | string | null =>
  typed === 'on' ? true : typed === 'off' ? false : typed === 'null' ? null : typed;

/** Runs one operator command; answers the lines to print. Throws HttpError on a refused change. */
export async function runAdminCommand(
  { flags, usage }: AdminTools,
  args: readonly string[],
): Promise<string[]> {
  const [area, organizationId, action, key, typed] = args;
  if (area === 'usage') return usageSummary(usage, organizationId);
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
