/**
 * What each project status (api/src/features/projects/project.entity.ts PROJECT_STATUSES) means, in the
 * user's words, for the dashboard card and the project page; and which ones still need the wizard.
 */
export interface StatusMeaning {
  label: string;
  meaning: string;
}

const MEANINGS: Record<string, StatusMeaning> = {
  created: { label: 'Created', meaning: 'No files uploaded yet. Continue setup to add your clips.' },
  uploaded: { label: 'Uploaded', meaning: 'Files are uploaded but not processed. Continue setup to check the file sets and start processing.' },
  ready: { label: 'Ready', meaning: 'File sets are checked and ready. Processing has not started: continue setup to see the cost and start it.' },
  processing: { label: 'Processing', meaning: 'The AI is writing titles, descriptions and keywords. You can leave this page and come back later.' },
  completed: { label: 'Completed', meaning: 'Processing has finished: review, edit and export the results.' },
  failed: { label: 'Failed', meaning: 'Processing failed. Open the project to see why and retry.' },
};

export function statusMeaning(status: string): StatusMeaning {
  return MEANINGS[status] ?? { label: status.charAt(0).toUpperCase() + status.slice(1), meaning: '' };
}

/** Never processed yet: the wizard can take it up where it stopped. */
export const needsSetup = (status: string) => status === 'created' || status === 'uploaded' || status === 'ready';

/** The wizard, opened on this project at the step its state calls for. */
export const continueSetupPath = (projectId: string) => `/createproject?project=${encodeURIComponent(projectId)}`;

/** A card whose upload was cut short (a reload, a closed tab): files still to send, whatever the status. */
export const UPLOAD_INCOMPLETE = (sets: number): StatusMeaning => ({
  label: 'Upload incomplete',
  meaning: `The upload stopped with ${sets} clip${sets === 1 ? '' : 's'} still to send. Continue setup and choose the card folder again: what is uploaded already is not sent again.`,
});

/** The wizard's upload step for a processed project: a later card of the same shoot joins it (only its new sets are priced). */
export const addClipsPath = (projectId: string) => `/createproject?project=${encodeURIComponent(projectId)}&add=1`;
