import type { Page, StudioEvent, StudioEventDetail } from '@studio/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudio } from '../../../test/file-studio.ts';
import { newMember } from '../access/access.fixtures.ts';
import { caller, type Api } from '../back-office/back-office.fixtures.ts';
import { teamsFixture } from '../integrations/team-integrations.fixtures.ts';

describe('the Brand Editor (an organisation role): the look of every team’s events, nothing else', () => {
  const studio = fileStudio();
  let teams: Awaited<ReturnType<typeof teamsFixture>>;
  let editor: Api;

  beforeAll(async () => {
    teams = await teamsFixture(studio, 'Branded Org');
    editor = caller(studio, (await newMember(studio, teams.organizationId, 'BRAND_EDITOR')).access);
  });

  it('sees every team’s events, though in no team, and sets their look and the brand kit', async () => {
    const listed = await editor.get<Page<StudioEvent>>('/api/event/?limit=100');
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((event) => event.id)).toEqual(
      expect.arrayContaining([teams.blueEvent.id, teams.redEvent.id]),
    );
    const looked = await editor.patch<StudioEventDetail>(`/api/event/${teams.redEvent.id}/`, {
      theme_secondary_color: '#112233',
    });
    expect(looked.status).toBe(200);
    expect(looked.body.theme_secondary_color).toBe('#112233');
    const kit = await editor.put(`/api/core/organization/${teams.organizationId}/brand_kit/`, {
      theme_secondary_color: '#000000',
    });
    expect(kit.status).toBe(200);
  });

  it('is refused an edit of an event’s other fields', async () => {
    expect((await editor.patch(`/api/event/${teams.redEvent.id}/`, { title: 'Renamed' })).status).toBe(403);
  });
});
