import type { Booth } from '@studio/domain';

/** A booth of event e-1 as the API answers it (primary, no hero, sponsor, rooms or resources); the fields given win. */
export const boothFixture = (id: string, name: string, fields: Partial<Booth> = {}): Booth => ({
  id,
  event: 'e-1',
  name,
  description: '',
  booth_type: 'primary',
  rank: 0,
  hero_asset_type: null,
  hero_asset: null,
  poster: null,
  discussion_group_objects: [],
  owner: null,
  resources: [],
  ...fields,
});
