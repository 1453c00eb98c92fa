import { describe, expect, it } from 'vitest';
import { AUDIO_MAX_BITRATE, linkSample, nextVideoBitrate, VIDEO_MAX_BITRATE, VIDEO_MIN_BITRATE } from './bandwidth.ts';

describe('bandwidth adaptation: audio first, video shrinks on a weak link (issue 13 Build 1)', () => {
  it.each([
    ['heavy loss steps down by 30%', 800_000, { availableOutgoingBitrate: null, fractionLost: 0.2 }, 560_000],
    ['a clean link steps up by 15%, to the ceiling', 500_000, { availableOutgoingBitrate: null, fractionLost: 0 }, 575_000],
    ['never above the ceiling', 780_000, { availableOutgoingBitrate: null, fractionLost: 0 }, VIDEO_MAX_BITRATE],
    ['some loss holds', 400_000, { availableOutgoingBitrate: null, fractionLost: 0.05 }, 400_000],
    ['the estimate after audio caps it', 800_000, { availableOutgoingBitrate: 300_000, fractionLost: 0.05 }, Math.round((300_000 - AUDIO_MAX_BITRATE) * 0.85)],
    ['never below the floor', 120_000, { availableOutgoingBitrate: 60_000, fractionLost: 0.3 }, VIDEO_MIN_BITRATE],
    ['nothing known holds', 640_000, { availableOutgoingBitrate: null, fractionLost: null }, 640_000],
  ] as const)('%s', (_name, current, sample, next) => {
    expect(nextVideoBitrate(current, sample)).toBe(next);
  });

  it('reads the nominated pair and the video loss from getStats()', () => {
    const report = new Map<string, Record<string, unknown>>([
      ['p1', { type: 'candidate-pair', nominated: false, availableOutgoingBitrate: 9 }],
      ['p2', { type: 'candidate-pair', nominated: true, availableOutgoingBitrate: 420_000 }],
      ['r1', { type: 'remote-inbound-rtp', kind: 'audio', fractionLost: 0.5 }],
      ['r2', { type: 'remote-inbound-rtp', kind: 'video', fractionLost: 0.08 }],
    ]) as unknown as RTCStatsReport;
    expect(linkSample(report)).toEqual({ availableOutgoingBitrate: 420_000, fractionLost: 0.08 });
  });
});
