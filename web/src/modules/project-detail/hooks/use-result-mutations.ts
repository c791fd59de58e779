import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { FileSetResultHolderFragment, ResetFileSetResultMutation, UpdateFileSetResultMutation } from '../graphql/file-set-result.graphql';
import { toResultInput } from '../graphql/result-mapping';
import type { DetailFileSetResultFragment, FileSetResultHolderFragment as FileSetResultHolder } from '../../../gql/graphql';
import type { ProcessedResult } from '../result-shape';

/** Save and Reset of one set's result; the answer is written onto the FileSet in the cache. */
export function useResultMutations() {
  const client = useApolloClient();

  const store = useCallback(
    (fileSetId: string, result: DetailFileSetResultFragment) => {
      client.cache.writeFragment({
        id: client.cache.identify({ __typename: 'FileSet', id: fileSetId }),
        fragment: FileSetResultHolderFragment,
        fragmentName: 'FileSetResultHolder',
        data: { __typename: 'FileSet', id: fileSetId, result } as FileSetResultHolder,
      });
    },
    [client],
  );

  const saveResult = useCallback(
    async (fileSetId: string, result: ProcessedResult, expectedVersion: number | null) => {
      const r = await client.mutate({ mutation: UpdateFileSetResultMutation, variables: { fileSetId, input: { ...toResultInput(result), expectedVersion } } });
      if (!r.data) throw new Error(`Failed to save fileset ${fileSetId}`);
      store(fileSetId, r.data.updateFileSetResult);
    },
    [client, store],
  );

  const resetResult = useCallback(
    async (fileSetId: string) => {
      const r = await client.mutate({ mutation: ResetFileSetResultMutation, variables: { fileSetId } });
      if (!r.data) throw new Error(`Failed to reset fileset ${fileSetId}`);
      store(fileSetId, r.data.resetFileSetResult);
    },
    [client, store],
  );

  return { saveResult, resetResult };
}
