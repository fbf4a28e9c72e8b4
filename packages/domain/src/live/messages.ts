/** Spec 002 §4.3 and §8.3, verbatim. */
export const rtmpInputMessages = {
  preparing: 'Preparing to accept stream',
  ready: 'Ready to receive incoming stream',
  archived: 'Event has ended. Channel is archived.',
  notAccepting: 'Not accepting incoming stream',
  connecting: 'Connecting...',
  inTesting: 'In Testing',
  running: 'Running',
  channelArchived: 'Channel Archived',
  testRtmpIn: 'Test RTMP In',
  testFailed: 'Testing did not start due to an error! Contact support if the problem persists.',
} as const;
/** How long the failed-test toast stays (002 §8.3: 6 seconds). */
export const RTMP_TEST_FAILED_TOAST_MS = 6000;

/** Answers and screen texts of our own design (the spec leaves them "not shown"). */
export const rtmpInputServerMessages = {
  inUse: 'This input is used by a session. Choose another input for the session first.',
  notInTestingTime: 'Testing is possible until one hour before the event starts.',
  /** The inputs page once testing time is over: the channels are live, not waiting for a test. */
  liveNow:
    'The channels are live until the event ends: send your stream now. Testing ended one hour before the start.',
  /** The status under an input whose channel hears a publisher. */
  receivingStream: 'Receiving the incoming stream',
  archived: 'The event has ended; its channels are archived.',
  alreadyRunning: 'This channel is already accepting a stream.',
  notInEvent: 'This RTMP input is not part of the event.',
  notRtmpSession: 'Only an RTMP session plays an RTMP input.',
  invalidAddress: 'Enter an RTMP address such as rtmp://host:1935/live.',
  degraded: 'No encoder is sending: attendees see the filler slide until a stream returns.',
  receiving: (sources: string) => `Receiving from ${sources}`,
  /** What a refused publisher (its encoder) is told. */
  streamKeyNotValid: 'The stream key is not valid.',
  /** A live playlist or segment asked for without the access code it needs. */
  liveAccessDenied: 'A valid access code is required for this live stream.',
  streamKeyInUse: 'This stream key is already in use: another encoder is publishing to it.',
} as const;
