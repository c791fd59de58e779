import { describe, expect, it } from '@jest/globals';
import { resumeStep } from './resume-step';

describe('resumeStep', () => {
  it("opens the wizard at the step the project's state calls for", () => {
    expect(resumeStep({ status: 'created', fileSetCount: 0 })).toBe(2);
    expect(resumeStep({ status: 'uploaded', fileSetCount: 0 })).toBe(2);
    expect(resumeStep({ status: 'uploaded', fileSetCount: 3 })).toBe(3);
    expect(resumeStep({ status: 'ready', fileSetCount: 3 })).toBe(4);
    expect(resumeStep({ status: 'processing', fileSetCount: 3 })).toBe('project');
    expect(resumeStep({ status: 'completed', fileSetCount: 3 })).toBe('project');
    // A run taking sets as they complete: the card is still uploading.
    expect(resumeStep({ status: 'processing', fileSetCount: 3, takingSets: true })).toBe(2);
  });

  it('goes back to the upload while the last card has files to send, and when clips are added to a processed project', () => {
    expect(resumeStep({ status: 'uploaded', fileSetCount: 30, filesToSend: 42 })).toBe(2);
    expect(resumeStep({ status: 'completed', fileSetCount: 30, filesToSend: 5 })).toBe(2);
    expect(resumeStep({ status: 'completed', fileSetCount: 30, addingClips: true })).toBe(2);
    expect(resumeStep({ status: 'processing', fileSetCount: 30, addingClips: true })).toBe('project');
  });
});
