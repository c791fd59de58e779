import { canonicalJson, requestFingerprint } from './canonical-json.js';

describe('request fingerprints', () => {
  it('ignore key order and undefined fields, and tell values, operations and types apart', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(requestFingerprint('createProject', { name: 'A', cameraType: 'x' })).toBe(requestFingerprint('createProject', { cameraType: 'x', name: 'A' }));
    expect(requestFingerprint('createProject', { name: 'A' })).not.toBe(requestFingerprint('createProject', { name: 'B' }));
    expect(requestFingerprint('createProject', { n: 1 })).not.toBe(requestFingerprint('createProject', { n: '1' }));
    expect(requestFingerprint('createProject', {})).not.toBe(requestFingerprint('createPurchaseRequest', {}));
    expect(canonicalJson(new Date('2026-01-01T00:00:00Z'))).toBe('"2026-01-01T00:00:00.000Z"');
  });
});
