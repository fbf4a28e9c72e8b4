import { describe, expect, it } from 'vitest';
import { subtitlesPlaylist, withSubtitles } from './hls-playlists.ts';
import { locateSpeechEngine, pocketsphinxPhrases, speechWavArgs, whisperPhrases } from './speech.ts';

describe('speech engines', () => {
  it('groups pocketsphinx words into phrases, splitting on utterances and pauses, without markers', () => {
    const output = [
      'hello world',
      '<s> 0.000 0.100 1.000',
      'hello 0.110 0.500 0.9',
      'world(2) 0.510 0.900 0.8',
      '</s> 0.910 1.000 1.000',
      '[NOISE] 1.000 1.200 1.0',
      'again 1.300 1.700 0.7',
      '<sil> 1.700 2.900 1.0',
      'later 3.000 3.400 0.6',
    ].join('\n');
    expect(pocketsphinxPhrases(output)).toEqual([
      { start: 0.11, end: 0.9, text: 'hello world' },
      { start: 1.3, end: 1.7, text: 'again' },
      { start: 3, end: 3.4, text: 'later' },
    ]);
  });

  it('reads whisper.cpp JSON segments and the language it heard', () => {
    const json = JSON.stringify({
      result: { language: 'de' },
      transcription: [
        { offsets: { from: 0, to: 2500 }, text: ' Guten Morgen.' },
        { offsets: { from: 2500, to: 3000 }, text: ' ' },
      ],
    });
    expect(whisperPhrases(json)).toEqual({
      language: 'de',
      phrases: [{ start: 0, end: 2.5, text: 'Guten Morgen.' }],
    });
  });

  it('extracts 16 kHz mono PCM and picks whisper only with a model', () => {
    expect(speechWavArgs('in.mp4', 'out.wav').join(' ')).toContain(
      '-vn -ac 1 -ar 16000 -c:a pcm_s16le -f wav out.wav',
    );
    expect(locateSpeechEngine({ PATH: '', POCKETSPHINX_CLI: '/opt/ps' })).toEqual({
      name: 'pocketsphinx',
      command: '/opt/ps',
      languages: ['en'],
    });
    expect(locateSpeechEngine({ PATH: '', WHISPER_MODEL: '/m.bin', WHISPER_CLI: '/opt/whisper' })).toEqual({
      name: 'whisper',
      command: '/opt/whisper',
    });
    expect(locateSpeechEngine({ PATH: '' })).toBeUndefined();
  });
});

describe('captions in HLS', () => {
  it('adds a subtitles rendition to every variant of a master playlist', () => {
    const master =
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n';
    expect(withSubtitles(master, '../captions/en.m3u8')).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="../captions/en.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,SUBTITLES="subs"\n360p/index.m3u8\n',
    );
  });

  it('plays the whole WebVTT file as one segment', () => {
    expect(subtitlesPlaylist('en.vtt', 61.2)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:62\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:61.200,\nen.vtt\n#EXT-X-ENDLIST\n',
    );
  });
});
