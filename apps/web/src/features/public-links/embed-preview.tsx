import { onDemandEmbedSnippet, type OnDemandEmbedOptions } from '@studio/domain';

/**
 * The snippet itself, as a visitor's page holds it: the player is an iframe of the attendee origin,
 * so nothing of the organiser's runs in the studio. The HTML is built by the domain from a checked
 * width and escaped values, never from free text.
 */
export function EmbedPreview({ embedUrl, options }: { embedUrl: string; options?: OnDemandEmbedOptions }) {
  return (
    <div
      data-testid="embed-preview"
      // The domain's snippet (see above).
      dangerouslySetInnerHTML={{ __html: onDemandEmbedSnippet(embedUrl, options) }}
    />
  );
}
