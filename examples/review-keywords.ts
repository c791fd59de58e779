// Keyword rules and bulk edits for one project: save the project's rules from a JSON file, add
// keywords at the start of every set, order every set's keywords by relevance, and print what each
// action changed and refused. `--undo` undoes the last bulk action instead.
//
//   SHOTLOG_URL=https://shotlog.example SHOTLOG_TOKEN=shl_... \
//     node --experimental-strip-types examples/review-keywords.ts <projectId> rules.json [keyword ...]
//   node --experimental-strip-types examples/review-keywords.ts <projectId> --undo
//
// rules.json: { "alwaysInclude": [...], "neverInclude": [...], "synonyms": [{ "from": "drone footage",
// "to": "aerial footage" }], "maxPerAgency": { "adobe": 25 } }. Exit codes: 0 done, 1 failure
// (with the server's message, e.g. a duplicated rule entry), 2 usage. The token needs read and write.
import fs from 'node:fs/promises';
import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import {
  AddKeywordsToAllDocument,
  ReorderAllDocument,
  SetKeywordRulesDocument,
  UndoLastEditDocument,
  type BulkFieldsFragment,
  type KeywordRulesInput,
} from './gql/operations.ts';

function usage(message: string): never {
  console.error(`review-keywords: ${message}`);
  process.exit(2);
}
const base = (process.env.SHOTLOG_URL || usage('SHOTLOG_URL is not set')).replace(/\/+$/, '');
const token = process.env.SHOTLOG_TOKEN || usage('SHOTLOG_TOKEN is not set');
const [projectId, second, ...keywords] = process.argv.slice(2);
if (!projectId || !second) usage('usage: review-keywords.ts <projectId> (<rules.json> [keyword ...] | --undo)');

async function request<R, V>(what: string, doc: TypedDocumentNode<R, V>, variables: V): Promise<R> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: print(doc), variables }),
  });
  const body = (await res.json().catch(() => null)) as { data?: R; errors?: Array<{ message: string; extensions?: { code?: string } }> } | null;
  const e = body?.errors?.[0];
  if (!res.ok || e || !body?.data)
    throw new Error(`${what} failed${e?.extensions?.code ? ` (${e.extensions.code})` : ''}: ${e?.message ?? `HTTP ${res.status}`}`);
  return body.data;
}

function report(what: string, r: BulkFieldsFragment): void {
  console.log(`${what}: changed ${r.changed} of ${r.matched} sets (${r.unchanged} already so)${r.actionId ? `, edit ${r.actionId}` : ''}`);
  for (const x of r.refused) console.log(`  refused ${x.baseName}: ${x.reason}`);
}

try {
  if (second === '--undo') {
    const r = await request('Undo', UndoLastEditDocument, { projectId });
    console.log(`undone edit ${r.undoProjectEdit.actionId}: ${r.undoProjectEdit.restored} sets restored`);
  } else {
    const rules = JSON.parse(await fs.readFile(second, 'utf8')) as KeywordRulesInput;
    const saved = await request('Saving the rules', SetKeywordRulesDocument, { projectId, rules });
    console.log(`rules saved: ${JSON.stringify(saved.setKeywordRules)}`);
    if (keywords.length) report('add keywords', (await request('Adding keywords', AddKeywordsToAllDocument, { projectId, keywords })).addKeywords);
    report('order by relevance', (await request('Ordering keywords', ReorderAllDocument, { projectId })).reorderKeywordsByRelevance);
  }
} catch (err) {
  console.error(`review-keywords: ${(err as Error).message}`);
  process.exit(1);
}
