import { STUDIO_CLOCK_TICK_MS } from '@studio/domain';
import { useEffect, useState } from 'react';

/** The time now, updated every minute (spec 002 §4.7a), so LIVE badges and testing windows change on screen. */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), STUDIO_CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
