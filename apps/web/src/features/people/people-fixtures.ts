import type { Role } from '@studio/domain';
import { eventFixture } from '../../testing/event-fixture.ts';
import { json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';

export const role = (id: string, name: string, display: string, group: string): Role => ({
  id,
  name,
  display_name: display,
  realm: 'event_app',
  role_group: group,
  is_custom: false,
  permission_list: [],
});
export const speakerRoles = [
  role('r-full', 'FullAccess', 'Full Access', 'Speaker Roles'),
  role('r-share', 'ShareAccess', 'Share Access', 'Speaker Roles'),
  role('r-stage', 'StageAccess', 'Stage Access', 'Speaker Roles'),
];
export const staffRoles = [
  role('r-producer', 'PRODUCER', 'Producer', 'Staff Roles'),
  role('r-coordinator', 'COORDINATOR', 'Coordinator', 'Staff Roles'),
];

/** The event e-1 and the calls every people page makes, around the test's own `routes`. */
export const eventRoutes =
  (routes: ExtraRoutes = () => undefined): ExtraRoutes =>
  (path, init) => {
    const answer = routes(path, init);
    if (answer) return answer;
    const [route, query = ''] = path.split('?');
    if (route === '/api/event/e-1/') return json(200, eventFixture({ id: 'e-1', title: 'Summit' }));
    if (route === '/api/core/roles/')
      return page(new URLSearchParams(query).get('role_group') === 'Staff Roles' ? staffRoles : speakerRoles);
    if (route === '/api/event/e-1/default_speaker_role/') return json(200, { event: 'e-1', role: null });
    if (route === '/api/event/broadcasts/') return page([]);
    if (route === '/api/event/email-config/') return page([]);
    return undefined;
  };
