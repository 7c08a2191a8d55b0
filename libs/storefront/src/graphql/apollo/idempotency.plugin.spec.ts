import { Kind, OperationDefinitionNode, parse } from 'graphql';
import { refusedBeforeRunning } from './idempotency.plugin';

const op = (text: string) =>
  parse(text).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
const refusal = (code: string, path: (string | number)[]) => ({ message: 'no', path, extensions: { code } });

describe('refusedBeforeRunning (answers not kept for an Idempotency-Key)', () => {
  const create = op('mutation { productCreate(input: {}) { id store { id } } }');

  it('is true for HTTP 401, 403 and 429, whatever the body', () => {
    for (const status of [401, 403, 429]) {
      expect(refusedBeforeRunning(status, { errors: [{ message: 'x' }] }, create)).toBe(true);
    }
    expect(refusedBeforeRunning(200, { data: { productCreate: { id: '1' } } }, create)).toBe(false);
    expect(refusedBeforeRunning(400, { errors: [refusal('BAD_USER_INPUT', [])] }, create)).toBe(false);
  });

  it('is true for a refusal on the first root field when nothing produced a value', () => {
    for (const code of ['FORBIDDEN', 'UNAUTHENTICATED', 'RATE_LIMITED']) {
      expect(
        refusedBeforeRunning(200, { data: null, errors: [refusal(code, ['productCreate'])] }, create),
      ).toBe(true);
    }
    // by its alias
    expect(
      refusedBeforeRunning(
        200,
        { data: null, errors: [refusal('FORBIDDEN', ['made'])] },
        op('mutation { made: productCreate(input: {}) { id } }'),
      ),
    ).toBe(true);
  });

  it('is false when the mutation ran: a refusal below it, or on a later root field', () => {
    // the product was created, its store refused
    expect(
      refusedBeforeRunning(
        200,
        { data: null, errors: [refusal('FORBIDDEN', ['productCreate', 'store'])] },
        create,
      ),
    ).toBe(false);
    // the first mutation ran, the second was refused
    const two = op('mutation { a: productDelete(id: "1") b: orderCreate(input: {}) { id } }');
    expect(refusedBeforeRunning(200, { data: null, errors: [refusal('FORBIDDEN', ['b'])] }, two)).toBe(false);
    expect(
      refusedBeforeRunning(200, { data: { a: '1', b: null }, errors: [refusal('FORBIDDEN', ['a'])] }, two),
    ).toBe(false);
    // other errors are not refusals of the caller
    expect(
      refusedBeforeRunning(200, { data: null, errors: [refusal('OUT_OF_STOCK', ['productCreate'])] }, create),
    ).toBe(false);
  });
});
