/**
 * A bulk action in words, for the Undo button and the history: "added 3 keywords to 40 sets".
 * Built from the history entry's action and params (the server's JSON), never its technical name.
 */
const sets = (n: number) => `${n} set${n === 1 ? '' : 's'}`;
const quoted = (list: unknown) => (Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : []);
const keywords = (list: string[]) => (list.length === 1 ? `'${list[0]}'` : `${list.length} keywords`);

export function editLabel(action: string, rawParams: string | null | undefined, changedCount: number): string {
  let params: Record<string, unknown> = {};
  try {
    params = rawParams ? (JSON.parse(rawParams) as Record<string, unknown>) : {};
  } catch {
    params = {};
  }
  const n = sets(changedCount);
  switch (action) {
    case 'addKeywords':
      return `added ${keywords(quoted(params.keywords))} to ${n}`;
    case 'removeKeywords':
      return `removed ${keywords(quoted(params.keywords))} from ${n}`;
    case 'replaceKeyword':
      return `replaced '${String(params.from ?? '')}' by '${String(params.to ?? '')}' in ${n}`;
    case 'findReplace':
      return `replaced '${String(params.find ?? '')}' in the ${params.field === 'description' ? 'descriptions' : 'titles'} of ${n}`;
    case 'setCategories':
      return `set the categories of ${n}`;
    case 'reorderKeywordsByRelevance':
      return `ordered the keywords of ${n}`;
    case 'resetToAiOriginal':
      return `reset ${n} to the AI original`;
    default:
      return `changed ${n}`;
  }
}
