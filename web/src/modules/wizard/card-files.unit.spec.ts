import { describe, expect, it } from '@jest/globals';
import { classifyCardFile, planCardUpload } from './card-files';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const entry = (path: string) => ({ file: file(path.split('/').pop()!), path });

describe('a DJI card, judged by name before any byte is sent', () => {
  it('takes videos, stills and telemetry in any case, skips DJI side files, refuses the rest with the server’s reasons', () => {
    const plan = planCardUpload(
      [
        'DCIM/100MEDIA/DJI_0001.MP4',
        'DCIM/100MEDIA/DJI_0001.SRT',
        'DCIM/100MEDIA/DJI_0001.LRF',
        'DCIM/100MEDIA/DJI_0001.THM',
        'DCIM/100MEDIA/dji_0002.mov',
        'DCIM/100MEDIA/DJI_0002.jpg',
        'DCIM/100MEDIA/.DS_Store',
        'MISC/notes.txt',
        'MISC/README',
      ].map(entry),
    );
    // Each set's small files first, then the videos.
    expect(plan.taken.map((t) => [t.path, t.slot])).toEqual([
      ['DCIM/100MEDIA/DJI_0001.SRT', 'srt'],
      ['DCIM/100MEDIA/DJI_0002.jpg', 'jpg'],
      ['DCIM/100MEDIA/DJI_0001.MP4', 'video'],
      ['DCIM/100MEDIA/dji_0002.mov', 'video'],
    ]);
    expect(plan.left.map((l) => [l.path, l.skipped, l.reason])).toEqual([
      ['DCIM/100MEDIA/DJI_0001.LRF', true, 'a DJI low-resolution proxy (.LRF): the master video is uploaded instead'],
      ['DCIM/100MEDIA/DJI_0001.THM', true, 'a DJI thumbnail (.THM): the set shows its .JPG instead'],
      ['DCIM/100MEDIA/.DS_Store', true, 'a hidden system file'],
      ['MISC/notes.txt', false, '.txt files fit no file set (a file set takes .mp4 or .mov, .jpg and .srt)'],
      ['MISC/README', false, 'The file has no extension (a file set takes .mp4 or .mov, .jpg and .srt)'],
    ]);
  });

  it('names a second file for one place of a set instead of sending it to replace the first', () => {
    const plan = planCardUpload([entry('A/DJI_0001.MP4'), entry('B/DJI_0001.MOV')]);
    expect(plan.taken.map((t) => t.path)).toEqual(['A/DJI_0001.MP4']);
    expect(plan.left[0]!.reason).toBe('Another video file for DJI_0001 is in this selection (A/DJI_0001.MP4)');
  });

  it('skips the side files DJI writes in MISC (.IDX, .THM) in grey, not as refusals', () => {
    const plan = planCardUpload(['MISC/IDX/DJI_0003.IDX', 'MISC/THM/DJI_0003.THM', 'DCIM/100MEDIA/DJI_0003.SRT'].map(entry));
    expect(plan.left.map((l) => [l.path, l.skipped])).toEqual([
      ['MISC/IDX/DJI_0003.IDX', true],
      ['MISC/THM/DJI_0003.THM', true],
    ]);
  });

  it('refuses control characters and over-long names', () => {
    expect(classifyCardFile(file('DJI\u0001.MP4'))).toMatchObject({ take: false, reason: 'The file name contains control characters' });
    expect(classifyCardFile(file(`${'a'.repeat(260)}.MP4`))).toMatchObject({ take: false, reason: 'The file name is longer than 255 characters' });
  });
});
