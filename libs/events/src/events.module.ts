import { DynamicModule, Module, ModuleMetadata, Type } from '@nestjs/common';
import { EventsController } from './events.controller';
import {
  APP_NAMES,
  AppNames,
  EVENT_SINKS,
  EventSink,
  PUBLIC_TOKEN_NAMES,
  PublicTokenNames,
} from './events.ports';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';
import { EventsWriter } from './events.writer';

export interface EventsModuleOptions {
  /** The modules that export the port implementations below. */
  imports: NonNullable<ModuleMetadata['imports']>;
  appNames: Type<AppNames>;
  /** A public token's name (the actor of a checkout). */
  publicTokenNames: Type<PublicTokenNames>;
  /** Work every event causes, run in the change's transaction (webhook delivery); from `imports`. */
  sinks?: Type<EventSink>[];
}

/**
 * Events: the outbox writer every context emits through, and the list route. Global (like the database
 * module), because the contexts that emit are the ones it cannot import: they inject EventsWriter
 * without importing this module, and its ports to them are wired here, in the composition root, in one
 * visible place.
 */
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      imports: options.imports,
      controllers: [EventsController],
      providers: [
        EventsRepository,
        EventsWriter,
        EventsService,
        { provide: APP_NAMES, useExisting: options.appNames },
        { provide: PUBLIC_TOKEN_NAMES, useExisting: options.publicTokenNames },
        // The sinks (webhook delivery: events.ports.ts, EventSink), in the order given.
        {
          provide: EVENT_SINKS,
          inject: options.sinks ?? [],
          useFactory: (...sinks: EventSink[]): EventSink[] => sinks,
        },
      ],
      exports: [EventsWriter],
    };
  }
}
