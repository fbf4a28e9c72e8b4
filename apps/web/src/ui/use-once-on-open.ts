import { useEffect, useRef } from 'react';

/**
 * Runs `run` once when the page opens, even when effects run twice: for a single-use step such as
 * a sign-in link's verification or an SSO code's exchange. Later changes of `run` are ignored.
 */
export function useOnceOnOpen(run: () => void) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);
}
