import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations for the web app: the emitted schema plus every graphql(`...`) document in
// web/src become typed documents under web/src/gql (generated; `npm run codegen`, checked by npm test,
// which generates into CODEGEN_OUT and compares).
const out = process.env.CODEGEN_OUT ?? 'web/src/gql/';
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    [out]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { Money: 'string', DateTime: 'string', JSONObject: 'Record<string, unknown>', Upload: 'File' },
      },
    },
  },
};
export default config;
