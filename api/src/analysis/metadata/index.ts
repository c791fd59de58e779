/** The offline metadata rules and their types: pure (the providers that do I/O are in provider.ts). */
export * from './types.js';
export { offlineMetadata, OfflineMetadataProvider } from './offline.js';
export { PermanentProcessingError } from './errors.js';
export { subjectOf, movementOf, lightOf, compassName } from './scene.js';
