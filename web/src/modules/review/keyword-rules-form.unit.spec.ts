import { describe, expect, it } from '@jest/globals';
import { EMPTY_FORM, formOf, readForm } from './keyword-rules-form';

describe('keyword rules form', () => {
  it('reads lists, synonym lines and agency limits, and writes them back the same', () => {
    const form = {
      alwaysInclude: 'Portugal,  Europe\nDouro',
      neverInclude: 'nobody',
      synonyms: 'drone footage -> aerial footage\n\nboat = vessel',
      maxPerAgency: { adobe: '', shutterstock: '40', pond5: '10' },
    };
    const read = readForm(form);
    expect(read).toEqual({
      rules: {
        alwaysInclude: ['Portugal', 'Europe', 'Douro'],
        neverInclude: ['nobody'],
        synonyms: [
          { from: 'drone footage', to: 'aerial footage' },
          { from: 'boat', to: 'vessel' },
        ],
        maxPerAgency: { adobe: null, shutterstock: 40, pond5: 10 },
      },
    });
    if (!('rules' in read)) throw new Error('unread');
    expect(formOf(read.rules)).toEqual({ ...form, alwaysInclude: 'Portugal, Europe, Douro', synonyms: 'drone footage -> aerial footage\nboat -> vessel' });
  });

  it('names the line or the limit it cannot read', () => {
    expect(readForm({ ...EMPTY_FORM, synonyms: 'ok -> fine\njust one word' })).toEqual({
      field: 'synonyms',
      message: "Synonym line 2 ('just one word'): write it as 'drone footage -> aerial footage'",
    });
    expect(readForm({ ...EMPTY_FORM, maxPerAgency: { adobe: '60', shutterstock: '', pond5: '' } })).toEqual({
      field: 'maxPerAgency',
      message: 'Adobe Stock: give a whole number from 1 to 50, or leave it blank for 30',
    });
  });
});
