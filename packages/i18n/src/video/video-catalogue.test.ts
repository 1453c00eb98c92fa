/// <reference types="../po-modules.d.ts" />
import { describe, expect, it } from 'vitest';
import { VIDEO_CALL_TEXTS, type VideoCallTextKey } from '@careline/domain/video-call';
import { compileCatalogue, readCatalogue, readOrdersCatalogue } from '../catalogue-files.ts';
import { catalogueProblems } from '../check.ts';
import { messages as importedEn } from './en.po';
import { messages as importedSi } from './si.po';
import { messages as importedTa } from './ta.po';

const en = readCatalogue('catalogues', 'en');
const staffEn = readCatalogue('staff', 'en');
const consultationsEn = readCatalogue('consultations', 'en');
const ordersEn = readOrdersCatalogue('en');
const videoEn = readCatalogue('video', 'en');
const videoSi = readCatalogue('video', 'si');
const videoTa = readCatalogue('video', 'ta');

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
      expect(videoEn[key], key).toBe(VIDEO_CALL_TEXTS[textKey]);
    }
  });

  it('keys carry the prefix and none is shared with another catalogue (all merge into one instance)', () => {
    const keys = Object.keys(videoEn);
    expect(keys.filter((key) => !/^video\.(text|device|ui)\./.test(key))).toEqual([]);
    expect(keys.filter((key) => key in en || key in staffEn || key in consultationsEn || key in ordersEn)).toEqual([]);
  });

  it('what the app imports (the PO files, compiled by @lingui/vite-plugin) is each PO file’s texts, compiled', () => {
    expect(importedEn).toEqual(compileCatalogue(videoEn));
    expect(importedSi).toEqual(compileCatalogue(videoSi));
    expect(importedTa).toEqual(compileCatalogue(videoTa));
  });
});
