import type { EventModel } from './dto/event.model';
import type { EventRow } from './events.repository';

/** Row → wire shape, field by field (the list and every webhook delivery's body use this one mapper). */
export function toEventModel(row: EventRow): EventModel {
  return {
    id: row.id,
    type: row.type,
    storeId: row.store_id,
    createdAt: row.created_at.toISOString(),
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    data: row.data,
  };
}
