import { changeRecorder, OWNER, STORE_ID } from '@app/testing/service-fakes';
import { changeAndEmit } from './change-and-emit';

// The transaction-then-event helper: the event only for a change that happened, in the change's transaction.
describe('changeAndEmit', () => {
  const deleted = () => ({
    storeId: STORE_ID,
    type: 'app.deleted' as const,
    caller: OWNER,
    data: { id: 'x' },
  });

  it('writes the event in the transaction of the change, and answers what the change did', async () => {
    const { TX, emitted, events, transaction } = changeRecorder();
    const seen: unknown[] = [];
    const answer = await changeAndEmit(
      events,
      { transaction },
      async (tx) => (seen.push(tx), { id: 'x' }),
      deleted,
    );
    expect(answer).toEqual({ id: 'x' });
    expect(seen).toEqual([TX]);
    expect(emitted.map((e) => [e.type, e.tx])).toEqual([['app.deleted', TX]]);
  });

  it('emits nothing for a change that found nothing (undefined) or deleted nothing (false)', async () => {
    const { emitted, events, transaction } = changeRecorder();
    expect(await changeAndEmit(events, { transaction }, async () => undefined, deleted)).toBeUndefined();
    expect(await changeAndEmit(events, { transaction }, async () => false, deleted)).toBeUndefined();
    expect(await changeAndEmit(events, { transaction }, async () => true, deleted)).toBe(true);
    expect(emitted).toHaveLength(1);
  });

  it('lets a failed event fail the change (both roll back together)', async () => {
    const { transaction } = changeRecorder();
    const failing = { emit: async () => Promise.reject(new Error('outbox down')) };
    await expect(changeAndEmit(failing, { transaction }, async () => ({ id: 'x' }), deleted)).rejects.toThrow(
      'outbox down',
    );
  });
});
