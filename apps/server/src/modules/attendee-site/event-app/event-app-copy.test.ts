import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAppSettings } from '@studio/domain';
import { createTestStudio, type TestStudio } from '../../../../test/harness.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, duplicatedEvent, newEvent, type Api } from '../../back-office/back-office.fixtures.ts';

let studio: TestStudio;
let api: Api;

beforeAll(async () => {
  // Role all: this studio runs the duplication job itself.
  studio = await createTestStudio({ role: 'all' });
  api = caller(studio, (await newAdmin(studio, 'Copy App Org')).access);
});
afterAll(() => studio.close());

const settingsUrl = (id: string) => `/api/event/${id}/event_app_settings/`;

describe('event app settings when an event is duplicated', () => {
  it('go with the copy; changing the copy’s leaves the original’s as they were', async () => {
    const source = await newEvent(api, {
      title: 'App settings source',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T17:00:00Z',
    });
    const changed = {
      disable_enter_event_button: false,
      enable_tech_check: false,
      show_onboarding: true,
      speaker_tab_title: 'Voices',
      show_attendees: false,
    };
    const saved = (await api.patch<EventAppSettings>(settingsUrl(source.id), changed)).body;
    expect(saved).toMatchObject(changed);

    const copyId = await duplicatedEvent(api, source.id);
    expect((await api.get<EventAppSettings>(settingsUrl(copyId))).body).toEqual(saved);

    await api.patch(settingsUrl(copyId), { enable_tech_check: true, speaker_tab_title: 'Speakers' });
    expect((await api.get<EventAppSettings>(settingsUrl(source.id))).body).toEqual(saved);
    expect((await api.get<EventAppSettings>(settingsUrl(copyId))).body).toMatchObject({
      enable_tech_check: true,
      speaker_tab_title: 'Speakers',
      show_onboarding: true,
    });
  });

  it('a copy of an event that kept the defaults keeps them too', async () => {
    const plain = await newEvent(api, {
      title: 'App settings plain',
      start: '2031-07-01T09:00:00Z',
      end: '2031-07-01T17:00:00Z',
    });
    const defaults = (await api.get<EventAppSettings>(settingsUrl(plain.id))).body;
    const copyId = await duplicatedEvent(api, plain.id);
    expect((await api.get<EventAppSettings>(settingsUrl(copyId))).body).toEqual(defaults);
  });
});
