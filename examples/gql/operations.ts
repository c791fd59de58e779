/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Most keywords each agency export keeps (1 to 50; null: 30). */
export type AgencyKeywordLimitsInput = {
  /** Adobe Stock. */
  adobe?: number | null | undefined;
  /** Pond5. */
  pond5?: number | null | undefined;
  /** Shutterstock. */
  shutterstock?: number | null | undefined;
};

/** A new project. */
export type CreateProjectInput = {
  /** One of the values of `cameraTypes`. */
  cameraType: string;
  /** Optional description. */
  description?: string | null | undefined;
  /** Name, 1 to 200 characters. */
  name: string;
};

/** A file Shotlog exports for a project. */
export type ExportFormat =
  /** Adobe Stock's upload CSV (Filename, Title, Keywords, Category 1-21, Releases). */
  | 'ADOBE'
  /** ZIP of XMP sidecars per video (and, with withJpgs, the JPGs with IPTC/XMP written in). */
  | 'METADATA_ZIP'
  /** Pond5 CSV (containsaudio no). */
  | 'POND5'
  /** Shutterstock's upload CSV (Filename, Description, Keywords, Categories, Editorial, Mature content, Illustration). */
  | 'SHUTTERSTOCK'
  /** Standard CSV (SPEC columns originalfilename ... Country). */
  | 'STANDARD';

/** The whole rule set (replaces the stored one). */
export type KeywordRulesInput = {
  /** Keywords every set gets (no empties, no duplicates). */
  alwaysInclude?: Array<string>;
  /** Keyword limits per agency. */
  maxPerAgency?: AgencyKeywordLimitsInput | null | undefined;
  /** Keywords no set keeps (no empties, no duplicates). */
  neverInclude?: Array<string>;
  /** Keywords merged into another. */
  synonyms?: Array<KeywordSynonymInput>;
};

/** A keyword replaced by another wherever it appears. */
export type KeywordSynonymInput = {
  /** The keyword replaced (case- and plural-insensitive). */
  from: string;
  /** Its replacement. */
  to: string;
};

export type CreateProjectMutationVariables = Exact<{
  input: CreateProjectInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateProjectMutation = { createProject: { id: string, name: string } };

export type UploadFilesMutationVariables = Exact<{
  projectId: string | number;
  files: Array<unknown> | unknown;
}>;


export type UploadFilesMutation = { uploadFiles: { message: string, accepted: Array<{ filename: string, baseName: string }>, refused: Array<{ filename: string, reason: string }>, summary: { fileSets: number, complete: number, incomplete: number } } };

export type StartProcessingMutationVariables = Exact<{
  projectId: string | number;
}>;


export type StartProcessingMutation = { startProcessing: { run: { id: string, totalJobs: number, charged: string, costPerFileset: string } } };

export type ProgressFieldsFragment = { status: string, runStatus: string | null, progress: number, totalJobs: number, completedJobs: number, failedJobs: number, processingJobs: number, pendingJobs: number, jobs: Array<{ fileSetId: string, status: string, stage: string | null, stageMessage: string | null, progress: number, error: string | null }> };

export type ProjectProgressSubscriptionVariables = Exact<{
  projectId: string | number;
}>;


export type ProjectProgressSubscription = { projectProgress: { status: string, runStatus: string | null, progress: number, totalJobs: number, completedJobs: number, failedJobs: number, processingJobs: number, pendingJobs: number, jobs: Array<{ fileSetId: string, status: string, stage: string | null, stageMessage: string | null, progress: number, error: string | null }> } };

export type ProjectFileSetsQueryVariables = Exact<{
  id: string | number;
}>;


export type ProjectFileSetsQuery = { project: { fileSets: Array<{ id: string, baseName: string, status: string }> } };

export type ExportDownloadMutationVariables = Exact<{
  projectId: string | number;
  format: ExportFormat;
}>;


export type ExportDownloadMutation = { exportDownload: { url: string, fileName: string, incomplete: boolean, note: string | null } };

export type SetKeywordRulesMutationVariables = Exact<{
  projectId: string | number;
  rules: KeywordRulesInput;
}>;


export type SetKeywordRulesMutation = { setKeywordRules: { alwaysInclude: Array<string>, neverInclude: Array<string>, synonyms: Array<{ from: string, to: string }>, maxPerAgency: { adobe: number | null, shutterstock: number | null, pond5: number | null } } };

export type BulkFieldsFragment = { actionId: string | null, matched: number, changed: number, unchanged: number, refused: Array<{ baseName: string, reason: string }> };

export type AddKeywordsToAllMutationVariables = Exact<{
  projectId: string | number;
  keywords: Array<string> | string;
}>;


export type AddKeywordsToAllMutation = { addKeywords: { actionId: string | null, matched: number, changed: number, unchanged: number, refused: Array<{ baseName: string, reason: string }> } };

export type ReorderAllMutationVariables = Exact<{
  projectId: string | number;
}>;


export type ReorderAllMutation = { reorderKeywordsByRelevance: { actionId: string | null, matched: number, changed: number, unchanged: number, refused: Array<{ baseName: string, reason: string }> } };

export type UndoLastEditMutationVariables = Exact<{
  projectId: string | number;
}>;


export type UndoLastEditMutation = { undoProjectEdit: { actionId: string, restored: number } };

export const ProgressFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProgressFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessingProgress"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"runStatus"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"totalJobs"}},{"kind":"Field","name":{"kind":"Name","value":"completedJobs"}},{"kind":"Field","name":{"kind":"Name","value":"failedJobs"}},{"kind":"Field","name":{"kind":"Name","value":"processingJobs"}},{"kind":"Field","name":{"kind":"Name","value":"pendingJobs"}},{"kind":"Field","name":{"kind":"Name","value":"jobs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fileSetId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"stageMessage"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]} as unknown as DocumentNode<ProgressFieldsFragment, unknown>;
export const BulkFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkEditResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"actionId"}},{"kind":"Field","name":{"kind":"Name","value":"matched"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"refused"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"baseName"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]} as unknown as DocumentNode<BulkFieldsFragment, unknown>;
export const CreateProjectDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProject"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateProjectInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateProjectMutation, CreateProjectMutationVariables>;
export const UploadFilesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadFiles"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"files"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadFiles"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"files"},"value":{"kind":"Variable","name":{"kind":"Name","value":"files"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"accepted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"baseName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"refused"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fileSets"}},{"kind":"Field","name":{"kind":"Name","value":"complete"}},{"kind":"Field","name":{"kind":"Name","value":"incomplete"}}]}}]}}]}}]} as unknown as DocumentNode<UploadFilesMutation, UploadFilesMutationVariables>;
export const StartProcessingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartProcessing"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startProcessing"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"run"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"totalJobs"}},{"kind":"Field","name":{"kind":"Name","value":"charged"}},{"kind":"Field","name":{"kind":"Name","value":"costPerFileset"}}]}}]}}]}}]} as unknown as DocumentNode<StartProcessingMutation, StartProcessingMutationVariables>;
export const ProjectProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ProjectProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projectProgress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProgressFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProgressFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessingProgress"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"runStatus"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"totalJobs"}},{"kind":"Field","name":{"kind":"Name","value":"completedJobs"}},{"kind":"Field","name":{"kind":"Name","value":"failedJobs"}},{"kind":"Field","name":{"kind":"Name","value":"processingJobs"}},{"kind":"Field","name":{"kind":"Name","value":"pendingJobs"}},{"kind":"Field","name":{"kind":"Name","value":"jobs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fileSetId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"stageMessage"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]} as unknown as DocumentNode<ProjectProgressSubscription, ProjectProgressSubscriptionVariables>;
export const ProjectFileSetsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectFileSets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fileSets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"baseName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<ProjectFileSetsQuery, ProjectFileSetsQueryVariables>;
export const ExportDownloadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExportDownload"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"format"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExportFormat"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exportDownload"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"Variable","name":{"kind":"Name","value":"format"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"incomplete"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]}}]} as unknown as DocumentNode<ExportDownloadMutation, ExportDownloadMutationVariables>;
export const SetKeywordRulesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetKeywordRules"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rules"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"KeywordRulesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setKeywordRules"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"rules"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rules"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"alwaysInclude"}},{"kind":"Field","name":{"kind":"Name","value":"neverInclude"}},{"kind":"Field","name":{"kind":"Name","value":"synonyms"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}}]}},{"kind":"Field","name":{"kind":"Name","value":"maxPerAgency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adobe"}},{"kind":"Field","name":{"kind":"Name","value":"shutterstock"}},{"kind":"Field","name":{"kind":"Name","value":"pond5"}}]}}]}}]}}]} as unknown as DocumentNode<SetKeywordRulesMutation, SetKeywordRulesMutationVariables>;
export const AddKeywordsToAllDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddKeywordsToAll"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"keywords"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addKeywords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"selection"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"allMatching"},"value":{"kind":"ObjectValue","fields":[]}}]}},{"kind":"Argument","name":{"kind":"Name","value":"keywords"},"value":{"kind":"Variable","name":{"kind":"Name","value":"keywords"}}},{"kind":"Argument","name":{"kind":"Name","value":"position"},"value":{"kind":"EnumValue","value":"START"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkEditResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"actionId"}},{"kind":"Field","name":{"kind":"Name","value":"matched"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"refused"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"baseName"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]} as unknown as DocumentNode<AddKeywordsToAllMutation, AddKeywordsToAllMutationVariables>;
export const ReorderAllDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReorderAll"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reorderKeywordsByRelevance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"selection"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"allMatching"},"value":{"kind":"ObjectValue","fields":[]}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkEditResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"actionId"}},{"kind":"Field","name":{"kind":"Name","value":"matched"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"refused"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"baseName"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]} as unknown as DocumentNode<ReorderAllMutation, ReorderAllMutationVariables>;
export const UndoLastEditDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UndoLastEdit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"undoProjectEdit"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"actionId"}},{"kind":"Field","name":{"kind":"Name","value":"restored"}}]}}]}}]} as unknown as DocumentNode<UndoLastEditMutation, UndoLastEditMutationVariables>;