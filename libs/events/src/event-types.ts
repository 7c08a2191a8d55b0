/**
 * The event types and the type of each one's `data` are one map, EVENT_DATA, kept in the SDK
 * (libs/sdk/src/events.ts) because clients need it as much as the server: the writer checks what it is
 * given against it, the list route's `type` filter and webhook subscriptions validate against its keys,
 * and the console and SDK users read the same types. A new event type is one line there.
 */
export { EVENT_DATA, EVENT_TYPES, isEventType } from '@app/sdk';
export type { EventData, EventDataMap, EventType } from '@app/sdk';
