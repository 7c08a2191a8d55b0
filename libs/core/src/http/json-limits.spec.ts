import { jsonBodyProblem, MAX_JSON_DEPTH } from './json-limits';

const nest = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('jsonBodyProblem', () => {
  it('accepts ordinary bodies, surrogate pairs included', () => {
    expect(jsonBodyProblem({ name: 'Shop 😀', list: ['a', { b: 'ç' }], n: 1, z: null })).toBeNull();
    expect(jsonBodyProblem(undefined)).toBeNull();
    expect(jsonBodyProblem(42)).toBeNull();
  });

  it('allows exactly MAX_JSON_DEPTH levels and names the field one level past it', () => {
    expect(jsonBodyProblem(nest(MAX_JSON_DEPTH))).toBeNull();
    const problem = jsonBodyProblem(nest(MAX_JSON_DEPTH + 1));
    expect(problem?.message).toMatch(/deeper than 32/);
    expect(problem?.field).toBe(Array(MAX_JSON_DEPTH).fill('a').join('.'));
  });

  it('walks 100,000 levels without recursion', () => {
    expect(jsonBodyProblem(nest(100_000))?.message).toMatch(/deeper/);
  });

  it('names lone surrogates and NULs in values, array items and keys', () => {
    expect(jsonBodyProblem({ address: { line1: 'x\ud800' } })).toEqual({
      field: 'address.line1',
      message: expect.stringMatching(/well-formed/),
    });
    expect(jsonBodyProblem({ links: ['ok', '\udc00'] })?.field).toBe('links.1');
    expect(jsonBodyProblem({ ['k\ud800']: 1 })?.message).toMatch(/^key .*well-formed/);
    expect(jsonBodyProblem({ a: 'x\0y' })).toEqual({ field: 'a', message: expect.stringMatching(/NUL/) });
    expect(jsonBodyProblem('\ud800')?.field).toBe('body');
  });
});
