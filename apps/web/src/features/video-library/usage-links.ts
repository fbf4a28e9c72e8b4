import { eventHref, USAGE_SUBTYPE_LABELS, type VideoUsageEntry } from '@studio/domain';

/** Spec 000 §3: an entry without entity_id is shown as DELETED. */
export const DELETED_LABEL = 'DELETED';

const typeLabels: Record<string, string> = {
  EVENT: 'Event',
  HUB: 'Hub Page',
  STUDIO_EVENT_TEMPLATE: 'Template',
  SERIES: 'Series',
};

/** Where an entry's Visit link goes; null when the destination is gone or unknown. */
export function usageHref(entry: VideoUsageEntry): string | null {
  if (!entry.entity_id) return null;
  const id = encodeURIComponent(entry.entity_id);
  switch (entry.entity_type) {
    case 'EVENT':
      return eventHref({
        id: entry.entity_id,
        event_type: entry.entity_subtype === 'RECORDING' ? 'Recording' : 'Conference',
      });
    case 'HUB':
      return `/pages/${id}`;
    case 'STUDIO_EVENT_TEMPLATE':
      return `/templates/${id}`;
    case 'SERIES':
      return `/series/${id}`;
    default:
      return null;
  }
}

export function usageTitle(entry: VideoUsageEntry): string {
  return entry.entity_id ? (entry.entity_title ?? '-') : DELETED_LABEL;
}

/** 'Event · Webinar' — the type and the subtype's label. */
export function usageKind(entry: VideoUsageEntry): string {
  const type = typeLabels[entry.entity_type] ?? entry.entity_type;
  const subtype = entry.entity_subtype
    ? (USAGE_SUBTYPE_LABELS[entry.entity_subtype] ?? entry.entity_subtype)
    : null;
  return subtype ? `${type} · ${subtype}` : type;
}
