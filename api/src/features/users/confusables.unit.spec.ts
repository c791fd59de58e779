import { mixedScripts, scriptsOf, usernameSkeleton } from './confusables.js';

describe('look-alike user names (TR39)', () => {
  it.each([
    ['admіn', 'Cyrillic і'],
    ['аdmin', 'Cyrillic а'],
    ['ADMІN', 'Cyrillic capital І'],
    ['admın', 'Latin dotless ı'],
    ['ａｄｍｉｎ', 'fullwidth'],
    ['ΑDΜΙΝ', 'Greek capitals'],
    ['Admin', 'case'],
  ])('%j (%s) has the skeleton of "admin"', (name) => expect(usernameSkeleton(name)).toBe('admin'));

  it('folds whole-script look-alikes to the Latin name they imitate', () => {
    expect(usernameSkeleton('рор')).toBe(usernameSkeleton('pop'));
    expect(usernameSkeleton('ΗΑΤ')).toBe(usernameSkeleton('hat'));
    expect(usernameSkeleton('sеrvice-desk')).toBe('service-desk');
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('admin1')).not.toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('zoë')).not.toBe(usernameSkeleton('zoe'));
    expect(usernameSkeleton('иван')).not.toBe(usernameSkeleton('ivan'));
  });

  it('refuses Latin mixed with Cyrillic or Greek, and allows one script, or Latin with the CJK scripts', () => {
    expect(mixedScripts('admіn')).toEqual(['Latin', 'Cyrillic']);
    expect(mixedScripts('pαypal')).toEqual(['Latin', 'Greek']);
    expect(mixedScripts('иван_2024')).toBeNull();
    expect(mixedScripts('Ελένη')).toBeNull();
    expect(mixedScripts('zoë.müller-ß')).toBeNull();
    expect(mixedScripts('taro_山田たろう')).toBeNull();
    expect(mixedScripts('山田タロウ')).toBeNull();
    expect(mixedScripts('ab_12.cd')).toBeNull();
    expect(scriptsOf('ａｄｍｉｎ')).toEqual(['Latin']);
  });
});
