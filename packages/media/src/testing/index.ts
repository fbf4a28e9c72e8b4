import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mediaBinaries } from '../binaries.ts';

const run = promisify(execFile);

/** The codec of each stream ffprobe finds at a file or URL (an HLS master: its variants' streams). */
export async function streamCodecNames(source: string): Promise<string[]> {
  const { stdout } = await run(mediaBinaries().ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name',
    '-of',
    'csv=p=0',
    source,
  ]);
  return stdout.split('\n').filter(Boolean);
}
