import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBED_OPTIONS,
  hasCheckInDesk,
  isEmbedWidth,
  onDemandEmbedHeightPercent,
  onDemandEmbedSnippet,
  selfCheckInUrl,
} from './index.ts';

describe('the on-demand player embed (002 §2)', () => {
  it('keeps the aspect ratio 4:2.3 at any width', () => {
    expect(onDemandEmbedHeightPercent()).toBe(57.5);
    const snippet = onDemandEmbedSnippet('https://events.test/embed/e-1', {
      ...DEFAULT_EMBED_OPTIONS,
      width: '640px',
    });
    expect(snippet).toContain('width:640px;');
    expect(snippet).toContain('padding-top:57.5%;');
    expect(snippet).toContain('<iframe src="https://events.test/embed/e-1" title="On-demand video"');
    expect(snippet).toContain(' allow="autoplay; picture-in-picture; fullscreen"></iframe>');
  });

  it('carries only plain widths and escapes what it quotes', () => {
    expect(['100%', '50%', '640px', '40rem', '80vw'].every(isEmbedWidth)).toBe(true);
    expect(['0px', '101%', '640', 'calc(1px)', '1px;background:red', ''].some(isEmbedWidth)).toBe(false);
    const snippet = onDemandEmbedSnippet('https://events.test/embed/"x', {
      width: '1px;position:fixed',
      allowFullscreen: false,
      title: '<b>"Talk"</b>',
    });
    expect(snippet).toContain('width:100%;');
    expect(snippet).toContain('src="https://events.test/embed/&quot;x"');
    expect(snippet).toContain('title="&lt;b&gt;&quot;Talk&quot;&lt;/b&gt;"');
    // Unticked, nothing grants fullscreen: neither the legacy attribute nor the `allow` list.
    expect(snippet).not.toContain('fullscreen');
  });
});

describe('the check-in manager links', () => {
  it('are shown for in-person and hybrid events; self check-in adds selfCheckIn=true', () => {
    expect([hasCheckInDesk('In_Person'), hasCheckInDesk('Hybrid'), hasCheckInDesk('Virtual')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(selfCheckInUrl('https://x.test/e/1/check-in')).toBe(
      'https://x.test/e/1/check-in?selfCheckIn=true',
    );
  });
});
