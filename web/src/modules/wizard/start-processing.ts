/**
 * Step 4's Confirm and Start Processing. Processing is being built in parallel; at merge this
 * one function is wired to the real mutation (then refresh the balance and go to /project/{id}).
 */
export async function startProcessing(projectId: string): Promise<{ started: boolean; message: string }> {
  void projectId;
  return { started: false, message: 'Processing is not available yet.' };
}
