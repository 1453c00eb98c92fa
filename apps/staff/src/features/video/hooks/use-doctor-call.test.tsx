// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDevices, fakeTransport, settle } from '../fake-call.ts';
import { useDoctorCall } from './use-doctor-call.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useDoctorCall', () => {
  it('places the call, follows it, runs the mm:ss timer while connected, and hangs up when the screen goes', async () => {
    vi.useFakeTimers();
    let clock = 0;
    const devices = fakeDevices();
    const server = fakeTransport();
    const { result, unmount } = renderHook(() => useDoctorCall('a1', server.transport, devices.devices, () => clock));
    expect(result.current.call.status).toBe('idle');
    expect(result.current.timer).toBeNull();

    await act(async () => {
      result.current.placeCall();
      await settle();
    });
    expect(result.current.call.status).toBe('ringing');
    expect(result.current.timer).toBeNull();

    await act(async () => {
      server.patientJoins();
      await settle();
      devices.lastPeer()?.setConnectionState('connected');
      await settle();
    });
    expect(result.current.call.status).toBe('connected');
    expect(result.current.timer).toBe('00:00');
    clock = 9_500;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(result.current.timer).toBe('00:09');

    act(() => result.current.toggleMicrophone());
    expect(result.current.call.microphone).toBe(false);
    act(() => result.current.toggleCamera());
    expect(result.current.call.camera).toBe(false);

    // The patient left: the timer stops showing; the call is still on.
    await act(async () => {
      server.patientSignal({ kind: 'hangup' });
      await settle();
    });
    expect(result.current.call.status).toBe('patientLeft');
    expect(result.current.timer).toBeNull();

    unmount();
    await settle();
    expect(server.transport.hangUp).toHaveBeenCalledWith('a1');
    expect(devices.local.getTracks().every((track) => track.stopped)).toBe(true);
  });

  it('End hangs up', async () => {
    const devices = fakeDevices();
    const server = fakeTransport();
    const { result } = renderHook(() => useDoctorCall('a1', server.transport, devices.devices));
    await act(async () => {
      result.current.placeCall();
      await settle();
    });
    await act(async () => {
      result.current.end();
      await settle();
    });
    expect(result.current.call.status).toBe('ended');
    expect(server.transport.hangUp).toHaveBeenCalledTimes(1);
  });
});
