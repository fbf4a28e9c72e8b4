import { engagementStudioCalls, engagementStudioPath, type Poll } from '@studio/domain';
import type { studioClient } from './studio-client.ts';

type Api = ReturnType<typeof studioClient>;

/** The stage's engagement as staff set it up: an announcement in the event chat and a launched poll. */
export async function addDemoEngagement(api: Api, eventId: string): Promise<string> {
  const path = (call: string) => engagementStudioPath(eventId, call);
  await api.post(path(engagementStudioCalls.announcements), {
    text: 'Welcome! Ask the speakers anything in the Q&A tab, and say hello here.',
  });
  const poll = await api.post<Poll>(path(engagementStudioCalls.polls), {
    question: 'Where are you joining from?',
    multiple: false,
    show_results: true,
    options: ['Europe', 'The Americas', 'Asia-Pacific', 'Africa and the Middle East'],
  });
  await api.patch(path(engagementStudioCalls.poll(poll.id)), { state: 'live' });
  return 'an announcement in its chat and a live poll';
}
