import { STUDIO_CLOCK_TICK_MS } from '@studio/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useClock } from './use-clock.ts';

afterEach(() => vi.useRealTimers());

describe('useClock (spec 002 §4.7a: the clock updates every 60 s)', () => {
  it('moves on once a minute, not before', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T09:00:00Z') });
    const { result } = renderHook(() => useClock());
    expect(result.current.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(STUDIO_CLOCK_TICK_MS - 1);
    });
    expect(result.current.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toISOString()).toBe('2026-12-01T09:01:00.000Z');
  });
});
