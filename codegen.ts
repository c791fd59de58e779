import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations for the web app: the emitted schema plus every graphql(`...`) document in
// web/src become typed documents under web/src/gql (generated; `npm run codegen`, checked by npm test,
// which generates into CODEGEN_OUT and compares).
const out = process.env.CODEGEN_OUT ?? 'web/src/gql/';
const scalars = { Money: 'string', DateTime: 'string', JSONObject: 'Record<string, unknown>', Upload: 'File' };
// The integrator examples: examples/operations.graphql as one self-contained file of typed
// documents (no runtime imports, no enums) that Node runs with type stripping. CODEGEN_EXAMPLES_OUT
// lets npm test generate it elsewhere and compare.
const examplesOut = process.env.CODEGEN_EXAMPLES_OUT ?? 'examples/gql/operations.ts';
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    [out]: {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars,
      },
    },
    [examplesOut]: {
      documents: ['examples/operations.graphql'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { useTypeImports: true, enumsAsTypes: true, onlyOperationTypes: true, scalars: { ...scalars, Upload: 'unknown' } },
    },
  },
};
export default config;
