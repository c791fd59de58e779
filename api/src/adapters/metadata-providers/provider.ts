/**
 * The metadata providers, chosen by configuration: the offline rules (pure, ./offline.ts) or an
 * OpenAI-compatible model over the network (./openai.ts). This file and openai.ts do I/O.
 */
import type { Config } from '../../platform/config/config.js';
import { OfflineMetadataProvider } from '../../analysis/metadata/offline.js';
import { OpenAiMetadataProvider } from './openai.js';
import type { MetadataProvider } from '../../analysis/metadata/types.js';

export { OpenAiMetadataProvider, METADATA_JSON_SCHEMA, modelAnswerSchema } from './openai.js';

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
