import type { Config } from '../../config/config.js';
import { OfflineMetadataProvider } from './offline.js';
import { OpenAiMetadataProvider } from './openai.js';
import type { MetadataProvider } from './types.js';

export * from './types.js';
export { offlineMetadata, OfflineMetadataProvider } from './offline.js';
export { OpenAiMetadataProvider, METADATA_JSON_SCHEMA, modelAnswerSchema } from './openai.js';
export { PermanentProcessingError } from './errors.js';
export { subjectOf, movementOf, lightOf, compassName } from './scene.js';

/** The provider the configuration asks for: openai when a key is set (or forced), else offline. */
export function createMetadataProvider(config: Pick<Config, 'metadataProvider' | 'openai'>): MetadataProvider {
  if (config.metadataProvider === 'openai') {
    if (!config.openai.apiKey) throw new Error('METADATA_PROVIDER=openai needs OPENAI_API_KEY');
    return new OpenAiMetadataProvider({
      apiKey: config.openai.apiKey,
      baseUrl: config.openai.baseUrl,
      model: config.openai.model,
      timeoutMs: config.openai.timeoutMs,
      maxRetries: config.openai.maxRetries,
    });
  }
  return new OfflineMetadataProvider();
}
