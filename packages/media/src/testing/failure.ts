import { MediaToolError } from '../runner.ts';

/** The MediaToolError a run rejects with; throws if it resolves or fails any other way. */
export async function mediaToolFailure(run: Promise<unknown>): Promise<MediaToolError> {
  const outcome: unknown = await run.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  if (outcome instanceof MediaToolError) return outcome;
  throw new Error(`Expected a MediaToolError, got ${String(outcome)}`);
}
