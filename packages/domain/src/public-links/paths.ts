/**
 * Attendee-origin pages the studio links to beyond registration (issue 17 §2): hub pages, the
 * on-demand page and the embeddable on-demand player. No zod here: the attendee bundle may import it.
 */
export const hubPagePath = (hubPageId: string) => `/h/${hubPageId}`;
export const eventOnDemandPath = (eventId: string) => `/e/${eventId}/on-demand`;
export const onDemandEmbedPath = (eventId: string) => `/embed/${eventId}`;
