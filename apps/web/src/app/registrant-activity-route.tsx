import { RegistrantActivityPage } from '../features/registrants/registrant-activity-page.tsx';
import { useSearchParam } from '../ui/use-search-param.ts';

/** /registrants-activity?short_url= */
export const RegistrantActivityRoute = () => (
  <RegistrantActivityPage shortUrl={useSearchParam('short_url') ?? ''} />
);
