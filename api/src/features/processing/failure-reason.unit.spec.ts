import { failureReason } from './failure-reason.js';

describe('failureReason', () => {
  it('turns ffprobe errors into plain words without the storage path', () => {
    const raw = 'The video could not be read (/srv/data/files/ab/abcdef.mp4: moov atom not found)';
    const words = failureReason(raw)!;
    expect(words).toMatch(/^The video file is incomplete/);
    expect(words).not.toContain('/srv');
    expect(failureReason('The video could not be read (x: Invalid data found when processing input)')).toMatch(/damaged or is not a video/);
    expect(failureReason('The video file has no video stream')).toMatch(/holds no picture/);
    expect(failureReason('The JPG image could not be decoded')).toMatch(/JPG image is damaged/);
  });

  it('says a transient failure is worth retrying, and nothing without an error', () => {
    expect(failureReason('Processing failed: connect ECONNREFUSED')).toMatch(/Retrying usually works/);
    expect(failureReason(null)).toBeNull();
  });
});
