import { expect, it } from '@jest/globals';
import { editLabel } from './edit-labels';

it('says what a bulk action did in words', () => {
  expect(editLabel('addKeywords', JSON.stringify({ kind: 'addKeywords', keywords: ['a', 'b', 'c'], position: 'end' }), 40)).toBe('added 3 keywords to 40 sets');
  expect(editLabel('removeKeywords', JSON.stringify({ keywords: ['nobody'] }), 1)).toBe("removed 'nobody' from 1 set");
  expect(editLabel('replaceKeyword', JSON.stringify({ from: 'boat', to: 'vessel' }), 2)).toBe("replaced 'boat' by 'vessel' in 2 sets");
  expect(editLabel('findReplace', JSON.stringify({ field: 'description', find: 'Porto' }), 5)).toBe("replaced 'Porto' in the descriptions of 5 sets");
  expect(editLabel('setCategories', '{}', 3)).toBe('set the categories of 3 sets');
  expect(editLabel('somethingNew', 'not json', 3)).toBe('changed 3 sets');
});
