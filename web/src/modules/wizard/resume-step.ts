/**
 * Where the wizard takes up an existing project, from its state: no files -> step 2 (upload),
 * files not yet checked -> step 3 (verify), checked ('ready') -> step 4 (cost). A project that is
 * processing or was processed has nothing left to set up here: its page says what to do next,
 * except while its run takes sets as they complete (the card is still uploading), while the last
 * card still has files to send, or when clips are being added to it (`?add=1`): step 2.
 */
export function resumeStep(p: {
  status: string;
  fileSetCount: number;
  takingSets?: boolean;
  filesToSend?: number;
  addingClips?: boolean;
}): 2 | 3 | 4 | 'project' {
  if (p.takingSets) return 2;
  // An upload cut short (reload, closed tab): back to the upload, which says what is still to send.
  if (p.filesToSend && p.status !== 'processing') return 2;
  // "Add clips" on a processed project: a later card of the same shoot goes into it.
  if (p.addingClips && p.status !== 'processing') return 2;
  if (p.status === 'processing' || p.status === 'completed' || p.status === 'failed') return 'project';
  if (p.fileSetCount === 0) return 2;
  return p.status === 'ready' ? 4 : 3;
}
