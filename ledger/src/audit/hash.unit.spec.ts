import { canonicalJson, eventHash } from './hash.js';

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' }, e: undefined })).toBe('{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}');
  });
  it('refuses values JSON cannot carry faithfully', () => {
    expect(() => canonicalJson(NaN)).toThrow();
    expect(() => canonicalJson(() => 1)).toThrow();
  });
});

describe('eventHash', () => {
  const content = {
    id: '00000000-0000-4000-8000-000000000001',
    sequence: '1',
    streamId: 'user-u1',
    streamVersion: 1,
    userId: 'u1',
    type: 'AccountOpened',
    amount: 0,
    actorId: null,
    reason: null,
    payload: { userId: 'u1' },
    createdAt: new Date('2025-01-01T00:00:00.000Z'),
    prevHash: null,
  };
  it('changes when any field or the previous hash changes', () => {
    const base = eventHash(content);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(eventHash({ ...content, sequence: '2' })).not.toBe(base);
    expect(eventHash({ ...content, prevHash: 'x' })).not.toBe(base);
    expect(eventHash({ ...content, payload: { userId: 'u2' } })).not.toBe(base);
    expect(eventHash({ ...content, createdAt: new Date('2025-01-01T00:00:00.001Z') })).not.toBe(base);
  });
  it('ignores a hash field carried along with the content', () => {
    expect(eventHash({ ...content, hash: 'whatever' } as typeof content)).toBe(eventHash(content));
  });
});
