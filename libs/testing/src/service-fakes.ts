import { AccessibleStore, AccountCaller, AppCaller, APP_SCOPES, SecretHasher } from '@app/core';
import type { EmitEvent, EventsWriter } from '@app/events';
import type { EntityManager } from 'typeorm';

// What the service unit specs share (a service with its repository replaced): fixed ids, a hasher with
// a test pepper, a recorder of changes and their events, and the code of a rejected promise.

/** The store owner the unit specs call as. */
export const OWNER: AccountCaller = {
  kind: 'account',
  accountId: 'a0000000-0000-4000-8000-000000000001',
  sessionId: 's',
  jti: 'j',
};
/** The owner's store. */
export const STORE_ID = 'b0000000-0000-4000-8000-000000000002';
/** That store as the access guard hands it to a route of its owner (@CurrentStore). */
export const OWNER_STORE: AccessibleStore = { storeId: STORE_ID, role: 'owner' };
/** An app of that store with every scope (the storefront's specs call as it, as the GraphQL door would). */
export const APP: AppCaller = {
  kind: 'app',
  appId: 'a0000000-0000-4000-8000-000000000009',
  storeId: STORE_ID,
  scopes: [...APP_SCOPES],
  jti: 'j',
};

export const testHasher = new SecretHasher({ otpPepper: 'x'.repeat(32) } as never);

/**
 * A change and its events: `transaction` runs the work in `TX` (a token standing for the transaction),
 * and `events` records each event with the transaction it was written in, so a spec can check that a
 * write and its event share one.
 */
export function changeRecorder() {
  const TX = { tx: true } as unknown as EntityManager;
  const emitted: (EmitEvent & { tx: unknown })[] = [];
  const events = {
    emit: async (tx: unknown, event: EmitEvent) => {
      emitted.push({ ...event, tx });
    },
  };
  return {
    TX,
    emitted,
    events: events as unknown as EventsWriter,
    transaction: async <R>(work: (tx: EntityManager) => Promise<R>) => work(TX),
  };
}

/** The code of the domain error the promise rejects with; null when it resolves. */
export const errorCode = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string }) => e.code,
  );
