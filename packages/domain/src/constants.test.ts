import { expect, it } from 'vitest';
import {
  DATE_FORMATS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_DIMENSION_PX,
  IMAGE_UPLOAD_LIMIT,
  MAP_DEFAULTS,
  QUERY_LIMITS,
  SPINNER_COLOUR_COUNT,
  SPINNER_ROTATION_MS,
  CHAT_TYPING_INDICATOR_MS,
  CHAT_BUTTONS_DELAY_MS,
  CHAT_REPLY_DELAY_MS,
  NPS_MIN,
  NPS_MAX,
  APP_VERSION,
} from './constants.ts';
import { baseTenantConfig } from './tenant/index.ts';

// spec doc 1 §9 'Business constants and limits'.
it.each([
  ['appointments query limit', QUERY_LIMITS.appointments, 5000],
  ['sessions query limit', QUERY_LIMITS.sessions, 5000],
  ['practitioners query limit', QUERY_LIMITS.practitioners, 10000],
  ['map latitude', MAP_DEFAULTS.latitude, 6.927079],
  ['map longitude', MAP_DEFAULTS.longitude, 79.861244],
  ['map zoom', MAP_DEFAULTS.zoom, 10],
  ['map height', MAP_DEFAULTS.height, 450],
  ['image max bytes (1 MB)', IMAGE_MAX_BYTES, 1048576],
  ['image max px', IMAGE_MAX_DIMENSION_PX, 1920],
  ['image upload limit', IMAGE_UPLOAD_LIMIT, 250],
  ['buttons delay', CHAT_BUTTONS_DELAY_MS, 1000],
  ['reply delay', CHAT_REPLY_DELAY_MS, 1000],
  ['typing indicator', CHAT_TYPING_INDICATOR_MS, 300],
  ['spinner rotation', SPINNER_ROTATION_MS, 800],
  ['spinner colours', SPINNER_COLOUR_COUNT, 5],
  ['NPS min', NPS_MIN, 1],
  ['NPS max', NPS_MAX, 10],
])('%s', (_name, actual, expected) => {
  expect(actual).toBe(expected);
});

it('keeps the spec date formats and version', () => {
  expect(DATE_FORMATS.chat).toBe('Do MMM (ddd), hh:mm A');
  expect(DATE_FORMATS.appointmentTime).toBe('h:mm A');
  expect(APP_VERSION).toBe('3.13.0');
});

it('agrees with the base tenant config', () => {
  expect(baseTenantConfig.map).toEqual(MAP_DEFAULTS);
  expect(baseTenantConfig.appVersion).toBe(APP_VERSION);
});
