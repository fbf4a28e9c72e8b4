import { useState } from 'react';
import {
  eventAppMessages,
  TECH_CHECKS,
  techCheckOutcomeText,
  type TechCheck,
  type TechCheckName,
  type TechCheckOutcome,
} from '@studio/domain';

/** Asks for one kind of device; its tracks are stopped at once (only the answer matters). */
async function deviceWorks(constraints: MediaStreamConstraints): Promise<TechCheckOutcome> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia(constraints);
    for (const track of stream.getTracks()) track.stop();
    return 'passed';
  } catch {
    return 'failed';
  }
}

/** Sound can play: an audio output is listed, or the browser hides the list but can make sound. */
async function speakersWork(): Promise<TechCheckOutcome> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    const outputs = devices.filter((device) => device.kind === 'audiooutput');
    return outputs.length > 0 || typeof AudioContext !== 'undefined' ? 'passed' : 'failed';
  } catch {
    return typeof AudioContext !== 'undefined' ? 'passed' : 'failed';
  }
}

/** Runs the four checks in order. */
export async function runTechCheck(reachServer: () => Promise<unknown>): Promise<TechCheck> {
  const camera = await deviceWorks({ video: true });
  const microphone = await deviceWorks({ audio: true });
  const speakers = await speakersWork();
  const network = await reachServer().then(
    () => 'passed' as const,
    () => 'failed' as const,
  );
  return { camera, microphone, speakers, network };
}

/**
 * The attendee tech check (issue 17 §3, `enable_tech_check`): camera, microphone, speakers and
 * network, each with its outcome in words; the person goes on once they saw them (a failed device
 * does not keep anyone out), and the outcome is recorded. A watch-only attendee may skip it (no
 * device prompts): nothing is recorded on the server, and this browser remembers the skip for the
 * event (event-app.tsx), so a reload does not ask again.
 */
export function TechCheckStep({
  reachServer,
  onDone,
  onSkip,
}: {
  reachServer: () => Promise<unknown>;
  onDone: (check: TechCheck) => Promise<void>;
  onSkip: () => void;
}) {
  const [check, setCheck] = useState<TechCheck | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    setCheck(await runTechCheck(reachServer));
    setRunning(false);
  };
  return (
    <section aria-labelledby="tech-check-title">
      <h2 id="tech-check-title">{eventAppMessages.techCheckTitle}</h2>
      <p className="muted">{eventAppMessages.techCheckIntro}</p>
      {check && (
        <ul aria-label={eventAppMessages.techCheckTitle}>
          {TECH_CHECKS.map((name: TechCheckName) => (
            <li key={name} data-outcome={check[name]}>
              {check[name] === 'passed' ? '✓ ' : '✗ '}
              {techCheckOutcomeText[name][check[name]]}
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        {/* Before it runs, running it is the step's main action (skipping the quieter one). */}
        <button
          type="button"
          className={check ? 'button secondary' : 'button'}
          disabled={running}
          onClick={() => void run()}
        >
          {check ? eventAppMessages.techCheckRetry : eventAppMessages.techCheckStart}
        </button>
        {check ? (
          <button type="button" className="button" onClick={() => void onDone(check)}>
            {eventAppMessages.techCheckContinue}
          </button>
        ) : (
          <button type="button" className="button secondary" disabled={running} onClick={onSkip}>
            {eventAppMessages.techCheckSkip}
          </button>
        )}
      </div>
    </section>
  );
}
