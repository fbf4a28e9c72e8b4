import { vi } from 'vitest';

type ErrorData = { fatal: boolean; type: string; details?: string };
type Handler = (event: string, data: ErrorData) => void;
interface HlsConfig {
  startPosition?: number;
  xhrSetup?: (xhr: { open: (method: string, url: string, async: boolean) => void }, url: string) => void;
}

/**
 * A stand-in for hls.js (jsdom plays no media), mocked in for every web test by test-setup.ts:
 * records the players made, what each was asked to play and from where, and lets a test raise
 * their errors. Each test ends with it reset (test-setup.ts).
 */
export class FakeHls {
  static supported = true;
  static instances: FakeHls[] = [];
  static isSupported = () => FakeHls.supported;
  static Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'hlsManifestParsed' };
  static reset() {
    FakeHls.supported = true;
    FakeHls.instances = [];
  }
  handlers = new Map<string, Handler>();
  loaded: string | null = null;
  destroyed = false;
  startLoad = vi.fn();
  recoverMediaError = vi.fn();
  attachMedia = vi.fn();
  destroy = vi.fn(() => {
    this.destroyed = true;
  });
  constructor(readonly config: HlsConfig = {}) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler);
  }
  loadSource(url: string) {
    this.loaded = url;
  }
  raise(data: ErrorData) {
    this.handlers.get('hlsError')?.('hlsError', data);
  }
}
