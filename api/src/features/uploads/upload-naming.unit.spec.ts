import { classifyFilename } from './upload-naming.js';
import { contentProblem } from './content-checks.js';

describe('classifyFilename', () => {
  it.each([
    ['DJI_0001.MP4', 'DJI_0001', 'mp4', 'video'],
    ['DJI_0001.mov', 'DJI_0001', 'mov', 'video'],
    ['DJI_0001.Jpg', 'DJI_0001', 'jpg', 'jpg'],
    ['DJI_0001.SRT', 'DJI_0001', 'srt', 'srt'],
    ['my clip.v2.srt', 'my clip.v2', 'srt', 'srt'],
  ])('%s joins set %s as %s (%s)', (name, base, ext, slot) => {
    expect(classifyFilename(name)).toMatchObject({ ok: true, baseName: base, extension: ext, slot });
  });

  it.each([
    ['DJI_0001', /no extension/],
    ['.srt', /no extension/],
    ['DJI_0001.', /no extension/],
    ['notes.txt', /\.txt files fit no file set/],
    ['../../etc/passwd', /path/],
    ['a\\b.jpg', /path/],
    ['a\u0000b.jpg', /control characters/],
    ['', /no name/],
    [`${'x'.repeat(260)}.jpg`, /longer than 255/],
  ])('refuses %j', (name, reason) => {
    const r = classifyFilename(name);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(reason);
  });
});

describe('contentProblem', () => {
  it('refuses empty files, binary or non-UTF-8 subtitles, and renamed media', () => {
    expect(contentProblem('subtitle', Buffer.alloc(0), 0)).toBe('The file is empty');
    expect(contentProblem('subtitle', Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHöhe 12 m\n'), 40)).toBeNull();
    expect(contentProblem('subtitle', Buffer.from([0x31, 0x00]), 2)).toMatch(/not text/);
    expect(contentProblem('subtitle', Buffer.from([0x31, 0xc3, 0x28]), 3)).toMatch(/not UTF-8/);
    // A multi-byte character cut at the 1 KB boundary of a longer file is fine.
    expect(contentProblem('subtitle', Buffer.from([0x31, 0xc3]), 5000)).toBeNull();
    expect(contentProblem('image', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 4)).toBeNull();
    expect(contentProblem('image', Buffer.from('GIF89a'), 6)).toMatch(/not a JPEG/);
    expect(contentProblem('video', Buffer.from('\u0000\u0000\u0000\u0018ftypmp42'), 12)).toBeNull();
    expect(contentProblem('video', Buffer.from('RIFF\u0000\u0000\u0000\u0000AVI '), 12)).toMatch(/not an MP4 or MOV/);
  });
});
