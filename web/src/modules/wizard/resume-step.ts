/**
 * Where the wizard takes up an existing project, from its state: no files -> step 2 (upload),
 * files not yet checked -> step 3 (verify), checked ('ready') -> step 4 (cost). A project that is
 * processing or was processed has nothing left to set up here: its page says what to do next.
 */
export function resumeStep(p: { status: string; fileSetCount: number }): 2 | 3 | 4 | 'project' {
  if (p.status === 'processing' || p.status === 'completed' || p.status === 'failed') return 'project';
  if (p.fileSetCount === 0) return 2;
  return p.status === 'ready' ? 4 : 3;
}
