import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPageHook } from './page-hooks.ts';

const page = window as unknown as { __studioHooks?: Record<string, unknown> };
afterEach(() => {
  delete page.__studioHooks;
});

describe('page hooks', () => {
  it('calls the organiser’s hook with the spec’s parameters', () => {
    const onFormSubmission = vi.fn();
    page.__studioHooks = { onFormSubmission };
    runPageHook('form_submission', { email: 'a@b.test' }, true);
    expect(onFormSubmission).toHaveBeenCalledWith({ email: 'a@b.test' }, true);
  });

  it('does nothing without the hook, and a throwing hook breaks nothing', () => {
    expect(() => runPageHook('add_to_calendar', 'Keynote', 's-1', 'google')).not.toThrow();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    page.__studioHooks = {
      onAddToCalendar: () => {
        throw new Error('broken');
      },
    };
    expect(() => runPageHook('add_to_calendar', 'Keynote', 's-1', 'google')).not.toThrow();
    expect(error).toHaveBeenCalled();
  });
});
