// Transcription: the local speech-to-text engine's processing time ÷ the media's duration.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { locateSpeechEngine, runMediaTool, transcribeMedia } from '@studio/media';

/** A voiced buzz with moving formants in syllables and pauses (as the server test's clip), AAC in mp4. */
const speechLikeArgs = (seconds: number, output: string) => [
  ...['-v', 'error', '-y', '-f', 'lavfi', '-i'],
  `aevalsrc='(sin(2*PI*120*t)+0.6*sin(2*PI*240*t+sin(2*PI*3*t))+0.5*sin(2*PI*(700+300*sin(2*PI*2*t))*t)+0.3*sin(2*PI*(1200+400*sin(2*PI*3.3*t))*t))*(0.5+0.5*sin(2*PI*4*t))*gt(mod(t,2.5),0.6)*0.3':s=16000:d=${seconds}`,
  ...['-c:a', 'aac', '-b:a', '64k', output],
];

/** CPU seconds of this process's ended children (the engine runs as one): /proc's cutime + cstime. */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5), counted from after the command name (field 3 is index 0).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

export async function benchTranscription(): Promise<string[]> {
  const engine = locateSpeechEngine();
  if (!engine) return ['Transcription: skipped (no pocketsphinx, and WHISPER_MODEL unset)'];
  const seconds = Number(process.env.BENCH_TRANSCRIPTION_SECONDS ?? 60);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-transcription-'));
  try {
    const media = path.join(dir, 'speech.m4a');
    await runMediaTool('ffmpeg', speechLikeArgs(seconds, media));
    const cpuBefore = await childCpuSeconds();
    const started = performance.now();
    const { phrases } = await transcribeMedia(engine, media, { language: 'en', durationSeconds: seconds });
    const elapsed = (performance.now() - started) / 1000;
    const cpu = (await childCpuSeconds()) - cpuBefore;
    return [
      `Transcription (${engine.name}, ${seconds} s of speech-like audio, WAV extraction included)`,
      `  processing time ÷ media duration: ${(elapsed / seconds).toFixed(2)} (goal ≤ 1 with the default engine; ${phrases.length} phrases)`,
      `  engine CPU time ÷ media duration: ${(cpu / seconds).toFixed(2)} (what it costs on an idle core)`,
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
