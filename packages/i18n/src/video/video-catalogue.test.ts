import { describe, expect, it } from 'vitest';
import { VIDEO_CALL_TEXTS, type VideoCallTextKey } from '@careline/domain/video-call';
import { en } from '../catalogues/en.ts';
import { catalogueProblems } from '../check.ts';
import { compileCatalogue } from '../compile.ts';
import { consultationsEn } from '../consultations/en.ts';
import { ordersEn } from '../orders/en.ts';
import { staffEn } from '../staff/en.ts';
import { messages as compiledEn } from './compiled/en.ts';
import { messages as compiledSi } from './compiled/si.ts';
import { messages as compiledTa } from './compiled/ta.ts';
import { videoEn } from './en.ts';
import { videoSi } from './si.ts';
import { videoTa } from './ta.ts';

describe('video call catalogues (spec doc 2 §2 Video consultation screens)', () => {
  it.each([
    ['si', videoSi],
    ['ta', videoTa],
  ] as const)('%s has every key of en, no other, with the same placeholders', (locale, catalogue) => {
    expect(catalogueProblems(videoEn, catalogue, locale)).toEqual([]);
  });

  it('en is sound against itself', () => {
    expect(catalogueProblems(videoEn, videoEn, 'en')).toEqual([]);
  });

  it("'video.text.<key>' is VIDEO_CALL_TEXTS[key] character for character, and every one is there", () => {
    const specKeys = Object.keys(videoEn).filter((key) => key.startsWith('video.text.'));
    expect(specKeys.map((key) => key.slice('video.text.'.length)).sort()).toEqual(Object.keys(VIDEO_CALL_TEXTS).sort());
    for (const key of specKeys) {
      const textKey = key.slice('video.text.'.length) as VideoCallTextKey;
      expect(videoEn[key as keyof typeof videoEn], key).toBe(VIDEO_CALL_TEXTS[textKey]);
    }
  });

  it('keys carry the prefix and none is shared with another catalogue (all merge into one instance)', () => {
    const keys = Object.keys(videoEn);
    expect(keys.filter((key) => !/^video\.(text|device|ui)\./.test(key))).toEqual([]);
    expect(keys.filter((key) => key in en || key in staffEn || key in consultationsEn || key in ordersEn)).toEqual([]);
  });

  it('the compiled catalogues are up to date (run `npm run i18n:compile` after editing a catalogue)', () => {
    expect(compiledEn).toEqual(compileCatalogue(videoEn));
    expect(compiledSi).toEqual(compileCatalogue(videoSi));
    expect(compiledTa).toEqual(compileCatalogue(videoTa));
  });
});
