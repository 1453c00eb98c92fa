import { useEffect, useRef } from 'react';
import { useClient } from 'urql';
import { onLiveResync } from './client.ts';

/**
 * Calls `readAgain` whenever live updates may have been missed (issue 31 §2.6): the socket came back
 * after a dropped connection or a hidden page, or the server asked. For screens that read with
 * client.query() by hand; queries of useQuery are read again by the client itself.
 * @param readAgain - reads again what the screen shows (the latest one passed is called)
 */
export function useLiveResync(readAgain: () => void): void {
  const client = useClient();
  const latest = useRef(readAgain);
  useEffect(() => {
    latest.current = readAgain;
  }, [readAgain]);
  useEffect(() => onLiveResync(client, () => latest.current()), [client]);
}
