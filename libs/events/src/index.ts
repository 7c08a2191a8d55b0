export * from './entities/event.entity';
export * from './event-types';
export * from './dto/event.model';
export * from './events.module';
export * from './events.ports';
export { EventsWriter, SYSTEM_ACTOR } from './events.writer';
export type { EmitEvent } from './events.writer';
export { EVENTS_PURGE_RULES } from './purge-rules';
