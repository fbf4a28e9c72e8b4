import { HomePage } from '../features/home/home-page.tsx';
import { CreateEventAction } from './create-event-action.tsx';

/** The home with the studio's create-event action (app/ composes features). */
export function HomeRoute() {
  return <HomePage createEvent={<CreateEventAction />} />;
}
