import type { CreatedApiToken } from '@studio/domain';
import type { OperatorFlags } from '../modules/organizations/operator-flags.ts';
import type { StudioClient } from './studio-client.ts';

export const DEMO_API_TOKEN_NAME = 'Demo script';

/**
 * The automation API (issue 36 §6): its flag switched on as an operator would
 * (`npm run admin -- flags <id> set isNewAutomationApiEnabled on`), and an API token made in
 * Settings → API Tokens (its secret is not printed: a new one is made there to try it).
 */
export async function addDemoAutomation(
  api: StudioClient,
  flags: OperatorFlags,
  organizationId: string,
): Promise<string> {
  await flags.setFlag(organizationId, 'isNewAutomationApiEnabled', true);
  const token = await api.post<CreatedApiToken>('/api/core/api_tokens/', { name: DEMO_API_TOKEN_NAME });
  return `the automation API on and the API token "${token.name}"`;
}
