import type { FieldError } from '../errors/domain-error';

/** How deep a JSON body may nest: the top-level object or array is level 1. */
export const MAX_JSON_DEPTH = 32;

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string;
}

function pathOf(frame: Frame | null, key?: string): string {
  const parts: string[] = key === undefined ? [] : [key];
  for (let f = frame; f && f.parent; f = f.parent) parts.push(f.key);
  return parts.reverse().join('.') || 'body';
}

/** What is wrong with one string (a value or a key), or null. */
function stringProblem(text: string): string | null {
  if (text.includes('\0')) return 'may not contain the NUL character (U+0000)';
  // Node ≥ 20 has String.prototype.isWellFormed (ES2024); the compile target's lib does not declare it.
  if (!(text as unknown as { isWellFormed(): boolean }).isWellFormed()) {
    return 'must be well-formed Unicode (a lone UTF-16 surrogate is not)';
  }
  return null;
}

/**
 * One pass over a parsed JSON body, with an explicit stack instead of recursion (a body nested a few
 * thousand levels deep must not overflow the stack here or in the validators behind it): refuses
 * nesting deeper than MAX_JSON_DEPTH, lone UTF-16 surrogates (validator.js and PostgreSQL's jsonb fail
 * on them with a 500) and NUL characters (PostgreSQL text cannot store them), in values and in keys.
 * Returns the first problem with the dotted path of its field (`address.line1`, `socialLinks.2`).
 */
export function jsonBodyProblem(body: unknown): FieldError | null {
  if (typeof body === 'string') {
    const message = stringProblem(body);
    return message ? { field: 'body', message } : null;
  }
  if (body === null || typeof body !== 'object') return null;
  const stack: Frame[] = [{ value: body, depth: 1, parent: null, key: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > MAX_JSON_DEPTH) {
      return { field: pathOf(frame), message: `nests deeper than ${MAX_JSON_DEPTH} levels` };
    }
    const container = frame.value as Record<string, unknown>;
    const isArray = Array.isArray(container);
    for (const key of Object.keys(container)) {
      if (!isArray) {
        const message = stringProblem(key);
        if (message) return { field: pathOf(frame, key), message: `key ${message}` };
      }
      const child = container[key];
      if (typeof child === 'string') {
        const message = stringProblem(child);
        if (message) return { field: pathOf(frame, key), message };
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, depth: frame.depth + 1, parent: frame, key });
      }
    }
  }
  return null;
}
