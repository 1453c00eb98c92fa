import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useGraphQLClient } from '@careline/ui/graphql';
import { useSubscription } from 'urql';
import {
  staffAccountChangedSubscription,
  staffMeQuery,
  type StaffMembership,
  type StaffUser,
} from '../features/auth/api/auth-operations.ts';
import { readChosenHospital, readStaffToken, writeChosenHospital, writeStaffToken } from './staff-token.ts';

export type Hospital = { id: string; name: string; memberships: StaffMembership[] };

export type StaffSession = {
  /** 'loading' while the stored token is checked. */
  status: 'loading' | 'signed-out' | 'signed-in';
  me: StaffUser | null;
  /** The hospitals the member works in, each once, in the order the server lists them. */
  hospitals: Hospital[];
  /** The hospital the console acts in (the switcher's choice). */
  hospital: Hospital | null;
  chooseHospital: (organizationId: string) => void;
  /** Whether the member may run a policy action in the current hospital. */
  may: (action: string) => boolean;
  signedIn: (token: string, me: StaffUser) => void;
  updated: (me: StaffUser) => void;
  signedOut: () => void;
};

const StaffSessionContext = createContext<StaffSession | null>(null);

/**
 * The hospitals of a staff member's memberships, each once.
 * @param me - the staff member
 */
export function hospitalsOf(me: StaffUser | null): Hospital[] {
  const byId = new Map<string, Hospital>();
  for (const membership of me?.memberships ?? []) {
    const hospital = byId.get(membership.organizationId) ?? {
      id: membership.organizationId,
      name: membership.organizationName,
      memberships: [],
    };
    hospital.memberships.push(membership);
    byId.set(membership.organizationId, hospital);
  }
  return [...byId.values()];
}

/** Holds the signed-in staff member, checked against staffMe when a stored token exists. */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const { client, liveSocket } = useGraphQLClient();
  const [me, setMe] = useState<StaffUser | null>(null);
  const [status, setStatus] = useState<StaffSession['status']>(() => (readStaffToken() ? 'loading' : 'signed-out'));
  const [chosen, setChosen] = useState<string | null>(readChosenHospital);

  useEffect(() => {
    if (status !== 'loading') {
      return;
    }
    let live = true;
    void client
      .query(staffMeQuery, {})
      .toPromise()
      .then((result) => {
        if (!live) {
          return;
        }
        if (result.data?.staffMe) {
          setMe(result.data.staffMe);
          setStatus('signed-in');
        } else {
          writeStaffToken(null);
          setStatus('signed-out');
        }
      });
    return () => {
      live = false;
    };
  }, [client, status]);

  // Roles an admin changes reach this console at once: navigation and screens follow.
  const [live] = useSubscription({
    query: staffAccountChangedSubscription,
    pause: status !== 'signed-in',
  });
  const changed = live.data?.staffAccountChanged;
  useEffect(() => {
    if (changed) {
      setMe(changed);
    }
  }, [changed]);

  const signedIn = useCallback(
    (token: string, user: StaffUser) => {
      writeStaffToken(token);
      // The live socket reconnects so that it carries the new token.
      liveSocket.restart();
      setMe(user);
      setStatus('signed-in');
    },
    [liveSocket],
  );

  const signedOut = useCallback(() => {
    writeStaffToken(null);
    liveSocket.restart();
    setMe(null);
    setChosen(null);
    setStatus('signed-out');
  }, [liveSocket]);

  const value = useMemo<StaffSession>(() => {
    const hospitals = hospitalsOf(me);
    const hospital = hospitals.find((h) => h.id === chosen) ?? hospitals[0] ?? null;
    return {
      status,
      me,
      hospitals,
      hospital,
      chooseHospital: (organizationId) => {
        writeChosenHospital(organizationId);
        setChosen(organizationId);
      },
      may: (action) => hospital?.memberships.some((m) => m.allowedActions.includes(action)) ?? false,
      signedIn,
      updated: setMe,
      signedOut,
    };
  }, [chosen, me, signedIn, signedOut, status]);

  return <StaffSessionContext.Provider value={value}>{children}</StaffSessionContext.Provider>;
}

/** The console's session (inside StaffSessionProvider). */
export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) {
    throw new Error('useStaffSession must be used inside StaffSessionProvider');
  }
  return session;
}
