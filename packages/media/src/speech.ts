import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findOnPath } from './binaries.ts';
import { startDirectly } from './launcher.ts';
import { runMediaTool } from './runner.ts';
import { mediaProcessSlots } from './semaphore.ts';

/** A timed phrase of speech, seconds from the start of the media. */
export interface SpokenPhrase {
  start: number;
  end: number;
  text: string;
}

export interface SpeechEngine {
  /** 'pocketsphinx' or 'whisper' (the name kept on the transcript). */
  name: string;
  /** Primary languages the engine understands; undefined: many (the engine detects them). */
  languages?: readonly string[];
  command: string;
}

export interface Transcription {
  phrases: SpokenPhrase[];
  /** The language the engine heard (whisper detects it); the asked one otherwise. */
  language: string;
}

export class SpeechEngineError extends Error {
  override readonly name = 'SpeechEngineError';
}

/** 16 kHz mono 16-bit PCM WAV: what both engines read. */
export function speechWavArgs(input: string, output: string): string[] {
  return [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-i',
    input,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
  ].concat(['-c:a', 'pcm_s16le', '-f', 'wav', output]);
}

/**
 * The local speech-to-text engine: whisper.cpp's CLI when WHISPER_MODEL names a model file
 * (WHISPER_CLI the binary, default `whisper-cli` on the PATH), else Debian's pocketsphinx
 * (`pocketsphinx_continuous`, POCKETSPHINX_CLI to override) with its en-us model. Undefined: none.
 */
export function locateSpeechEngine(env: NodeJS.ProcessEnv = process.env): SpeechEngine | undefined {
  if (env.WHISPER_MODEL) {
    const command = env.WHISPER_CLI || findOnPath('whisper-cli', env.PATH) || findOnPath('main', env.PATH);
    return command ? { name: 'whisper', command } : undefined;
  }
  const command = env.POCKETSPHINX_CLI || findOnPath('pocketsphinx_continuous', env.PATH);
  return command ? { name: 'pocketsphinx', command, languages: ['en'] } : undefined;
}

/** Longest phrase before it is split into another caption cue. */
const PHRASE_MAX_SECONDS = 6;
const PHRASE_MAX_WORDS = 14;
/** A pause this long between words starts a new phrase. */
const PHRASE_GAP_SECONDS = 0.6;

/** pocketsphinx's `-time yes` lines (`word start end confidence`) grouped into phrases. */
export function pocketsphinxPhrases(output: string): SpokenPhrase[] {
  const phrases: SpokenPhrase[] = [];
  let current: SpokenPhrase | undefined;
  let words = 0;
  for (const line of output.split('\n')) {
    const match = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) [-\d.e]+$/.exec(line.trim());
    if (!match) continue;
    const [, token = '', startText, endText] = match;
    const start = Number(startText);
    const end = Number(endText);
    // Markers (<s>, </s>, <sil>), fillers ([NOISE], ++UH++): no words; an utterance's end splits.
    if (token === '</s>') current = undefined;
    if (/^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(token)) continue;
    const word = token.replace(/\(\d+\)$/, '');
    if (
      !current ||
      start - current.end > PHRASE_GAP_SECONDS ||
      end - current.start > PHRASE_MAX_SECONDS ||
      words >= PHRASE_MAX_WORDS
    ) {
      current = { start, end, text: word };
      words = 1;
      phrases.push(current);
    } else {
      current.end = end;
      current.text += ` ${word}`;
      words += 1;
    }
  }
  return phrases;
}

/** whisper.cpp's `-oj` file: segments with millisecond offsets, and the detected language. */
export function whisperPhrases(json: string): Transcription {
  const parsed = JSON.parse(json) as {
    result?: { language?: string };
    transcription?: { offsets?: { from?: number; to?: number }; text?: string }[];
  };
  const phrases = (parsed.transcription ?? [])
    .map((segment) => ({
      start: (segment.offsets?.from ?? 0) / 1000,
      end: (segment.offsets?.to ?? 0) / 1000,
      text: (segment.text ?? '').trim(),
    }))
    .filter((phrase) => phrase.text !== '');
  return { phrases, language: parsed.result?.language ?? 'en' };
}

/**
 * CMU's speed settings (downsampled frames, fewer Gaussians, narrower beams): about a quarter of
 * the default search's CPU time, with words still timed — a transcript is edited by hand anyway.
 */
const POCKETSPHINX_FAST = ['-ds', '2', '-topn', '2', '-maxwpf', '5', '-maxhmmpf', '3000', '-pl_window', '5'];

export interface TranscribeOptions {
  /** The spoken language ('en'), or 'auto' for whisper to detect it. */
  language: string;
  durationSeconds?: number | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
}

/** Extracts the speech track of `input` and transcribes it with `engine`, in a media slot. */
export async function transcribeMedia(
  engine: SpeechEngine,
  input: string,
  options: TranscribeOptions,
): Promise<Transcription> {
  const work = await mkdtemp(path.join(tmpdir(), 'speech-'));
  try {
    const wav = path.join(work, 'speech.wav');
    await runMediaTool('ffmpeg', speechWavArgs(input, wav), { signal: options.signal });
    if (engine.name === 'whisper') {
      const base = path.join(work, 'speech');
      const model = process.env.WHISPER_MODEL ?? '';
      await runEngine(
        engine.command,
        ['-m', model, '-f', wav, '-l', options.language, '-oj', '-of', base, '-pp'],
        {
          ...options,
          progressOf: (chunk) => {
            const percent = /progress\s*=\s*(\d+)%/.exec(chunk)?.[1];
            return percent === undefined ? undefined : Number(percent) / 100;
          },
        },
      );
      return whisperPhrases(await readFile(`${base}.json`, 'utf8'));
    }
    const duration = options.durationSeconds;
    const stdout = await runEngine(
      engine.command,
      ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null', ...POCKETSPHINX_FAST],
      {
        ...options,
        progressOf: (chunk) => {
          const ends = [...chunk.matchAll(/ (\d+\.\d+) \S+\n/g)].map((match) => Number(match[1]));
          return duration && ends.length ? Math.max(...ends) / duration : undefined;
        },
      },
    );
    return { phrases: pocketsphinxPhrases(stdout), language: options.language };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Runs an engine in one of the shared media slots; its standard output, or SpeechEngineError. */
function runEngine(
  command: string,
  args: string[],
  options: TranscribeOptions & { progressOf: (chunk: string) => number | undefined },
): Promise<string> {
  const { signal, onProgress, progressOf } = options;
  return mediaProcessSlots.run(
    () =>
      new Promise<string>((resolve, reject) => {
        signal?.throwIfAborted();
        let stdout = '';
        let stderrTail = '';
        const report = (chunk: string) => {
          const fraction = progressOf(chunk);
          if (fraction !== undefined) onProgress?.(Math.min(1, fraction));
        };
        const started = startDirectly(command, args, {
          stdout: (chunk) => {
            stdout += chunk;
            report(chunk);
          },
          stderr: (chunk) => {
            stderrTail = (stderrTail + chunk).slice(-2000);
            report(chunk);
          },
          close: (code, _signal, error) => {
            signal?.removeEventListener('abort', kill);
            if (signal?.aborted) reject(signal.reason as Error);
            else if (error) reject(new SpeechEngineError(`${command} could not start: ${error.message}`));
            else if (code === 0) resolve(stdout);
            else
              reject(
                new SpeechEngineError(`${command} failed: ${stderrTail.trim().split('\n').at(-1) ?? code}`),
              );
          },
        });
        const kill = () => started.kill();
        signal?.addEventListener('abort', kill, { once: true });
      }),
    signal,
  );
}
