import { join } from 'node:path';
import { EVENT_TYPES } from '@app/sdk';
import ts from 'typescript';
import { expectSuccess, PYTHON, ROOT, run, SDK_PYTHON } from './python';

/**
 * The two SDKs must not drift. The TypeScript SDK's public operations are read from its source with
 * the TypeScript compiler (the type checker resolves what `products` and `orders` hold, statics
 * included); the Python SDK's from the package itself. Every TypeScript operation of AppClient,
 * StorefrontClient and InstalledAppClient, every exported function and every error class (with its
 * fields) must have its Python counterpart under the snake_case name — except the operations listed
 * in PENDING, the one place that says what Python has not caught up with yet. The test fails on any
 * other gap, on a PENDING entry that Python now has (take it off the list), and on a Python
 * operation the TypeScript SDK does not have (unless PYTHON_ONLY says why, or AHEAD_OF_TYPESCRIPT
 * lists it while the TypeScript side of a v1.3 feature is still being written).
 */

/**
 * TypeScript operations Python has not caught up with yet (TypeScript names). Empty: round 2 of the
 * Python SDK (installed apps §13, carts and checkout and the order lifecycle §15) caught up.
 */
const PENDING = new Set<string>([]);

/**
 * Operations that the Python SDK has while the TypeScript SDK does not have them yet (Python names) —
 * the other way round from PENDING, for a feature whose two SDKs are written side by side. The test
 * fails on an entry TypeScript now has (take it off the list). Empty: the TypeScript SDK caught up with
 * installed apps (§13), carts and checkout and the order lifecycle (§15).
 */
const AHEAD_OF_TYPESCRIPT = new Set<string>([]);

/** Python operations without a TypeScript counterpart, and why (Python names). */
const PYTHON_ONLY: Record<string, string> = {
  'AppClient.base_url': 'read-only property; the TS client shows it only in util.inspect/toJSON',
  'AppClient.client_id': 'read-only property; the TS client shows it only in util.inspect/toJSON',
  'InstalledAppClient.base_url': 'read-only property; the TS client shows it only in util.inspect/toJSON',
  'InstalledAppClient.client_id': 'read-only property; the TS client shows it only in util.inspect/toJSON',
  'StorefrontClient.base_url': 'read-only property; the TS client shows it only in util.inspect/toJSON',
};

/**
 * TypeScript functions without a Python counterpart, and why (TypeScript names). The roles table's helpers
 * serve clients that show a store member the controls its role can use — AccountClient users (the
 * console); the Python SDK has no AccountClient (§16), so there is no member whose role it could ask about.
 */
const TYPESCRIPT_ONLY: Record<string, string> = {
  isRole: 'roles are an AccountClient matter; the Python SDK has no AccountClient',
  roleAllows: 'roles are an AccountClient matter; the Python SDK has no AccountClient',
  roleManages: 'roles are an AccountClient matter; the Python SDK has no AccountClient',
  isCountryCode: "the console's country select (a browser form helper); the API validates countries itself",
};

/** Error classes whose Python name differs (§16: names that do not shadow Python's built-ins). */
const ERROR_NAMES: Record<string, string> = {
  TimeoutError: 'APITimeoutError',
  ConnectionError: 'APIConnectionError',
};
/** What every JavaScript Error has, which is Python's own business (str(), __traceback__, __cause__). */
const ERROR_BUILTINS = new Set(['name', 'message', 'stack', 'cause']);
/** JavaScript hooks whose Python counterpart is a dunder (__repr__), not an operation. */
const LANGUAGE_HOOKS = new Set(['toJSON']);
const CLIENTS = ['AppClient', 'StorefrontClient', 'InstalledAppClient'];

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const toPython = (path: string) =>
  path
    .split('.')
    .map((part, i) => (i === 0 ? part : snake(part)))
    .join('.');

interface TsSurface {
  clients: Record<string, string[]>;
  functions: string[];
  errors: Record<string, string[]>;
}

/** The public surface of libs/sdk, as its type checker sees it. */
function typescriptSurface(): TsSurface {
  const config = ts.readConfigFile(join(ROOT, 'libs/sdk/tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, join(ROOT, 'libs/sdk'));
  const program = ts.createProgram([join(ROOT, 'libs/sdk/src/index.ts')], {
    ...parsed.options,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(ROOT, 'libs/sdk/src/index.ts'))!;
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(index)!);
  const resolve = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);

  const isPublic = (property: ts.Symbol) => {
    const name = property.getName();
    if (name.startsWith('#') || name.startsWith('__#') || name.startsWith('__@') || name === 'prototype')
      return false;
    return !(property.declarations ?? []).some(
      (d) =>
        (ts.getCombinedModifierFlags(d as ts.Declaration) &
          (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !==
        0,
    );
  };
  /** `Class.op` for methods and plain properties, `Class.ns.op` for the methods of an object property. */
  const members = (prefix: string, type: ts.Type, at: ts.Node): string[] =>
    checker
      .getPropertiesOfType(type)
      .filter(isPublic)
      .flatMap((property) => {
        const name = property.getName();
        if (LANGUAGE_HOOKS.has(name)) return [];
        const t = checker.getTypeOfSymbolAtLocation(property, at);
        if (t.getCallSignatures().length) return [`${prefix}.${name}`];
        const inner = checker
          .getPropertiesOfType(t)
          .filter((p) => checker.getTypeOfSymbolAtLocation(p, at).getCallSignatures().length);
        if (t.flags & ts.TypeFlags.Object && inner.length && !checker.isArrayType(t))
          return inner.map((p) => `${prefix}.${name}.${p.getName()}`);
        return [`${prefix}.${name}`];
      });

  const surface: TsSurface = { clients: {}, functions: [], errors: {} };
  for (const exported of exports) {
    const symbol = resolve(exported);
    const name = exported.getName();
    const declaration = symbol.valueDeclaration;
    if (!declaration) continue;
    if (ts.isFunctionDeclaration(declaration)) surface.functions.push(name);
    if (!ts.isClassDeclaration(declaration)) continue;
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const statics = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    const isError =
      checker.getBaseTypes(instance as ts.InterfaceType).length > 0 || name === 'StorefrontError';
    if (CLIENTS.includes(name)) {
      surface.clients[name] = [
        ...members(name, instance, declaration),
        ...members(name, statics, declaration),
      ].sort();
    } else if (isError && /Error$/.test(name)) {
      surface.errors[name] = checker
        .getPropertiesOfType(instance)
        .filter(isPublic)
        .map((p) => p.getName())
        .filter((p) => !ERROR_BUILTINS.has(p))
        .sort();
    }
  }
  return surface;
}

/** The Python package's surface, read by importing it (clients built with placeholder credentials). */
const PYTHON_SURFACE = `
import inspect, json, typing
import storefront_platform as sp

def public(obj):
    return [n for n in dir(obj) if not n.startswith('_')]

def describe(name):
    cls = getattr(sp, name, None)
    if cls is None:
        return None
    dummies = {'base_url': 'http://127.0.0.1:9', 'client_id': 'sfc_x', 'client_secret': 'sfs_x',
               'public_token': 'sfp_x', 'refresh_token': 'sfr_x', 'on_refresh_token': lambda token: None}
    params = [p for p in inspect.signature(cls).parameters.values() if p.kind is not p.VAR_KEYWORD]
    instance = cls(**{p.name: dummies[p.name] for p in params if p.default is p.empty})
    found = []
    for attr in public(instance):
        value = getattr(instance, attr)
        if callable(value) or not type(value).__module__.startswith('storefront_platform'):
            found.append(f'{name}.{attr}')
        else:
            found += [f'{name}.{attr}.{sub}' for sub in public(value) if callable(getattr(value, sub))]
    return sorted(found)

errors = {}
for name in sp.__all__:
    value = getattr(sp, name)
    if isinstance(value, type) and issubclass(value, BaseException):
        errors[name] = sorted(n for n in typing.get_type_hints(value) if not n.startswith('_'))

print(json.dumps({
    'clients': {n: describe(n) for n in ${JSON.stringify(CLIENTS)}},
    'functions': [n for n in sp.__all__ if inspect.isfunction(getattr(sp, n))],
    'eventTypes': list(sp.EVENT_TYPES),
    'errors': errors,
}))
`;

describe('the Python SDK keeps up with the TypeScript SDK', () => {
  let typescript: TsSurface;
  let python: {
    clients: Record<string, string[] | null>;
    functions: string[];
    eventTypes: string[];
    errors: Record<string, string[]>;
  };

  beforeAll(async () => {
    typescript = typescriptSurface();
    const result = expectSuccess(
      await run(PYTHON, ['-c', PYTHON_SURFACE], { env: { PYTHONPATH: join(SDK_PYTHON, 'src') } }),
      'reading the Python SDK',
    );
    python = JSON.parse(result.stdout);
  });

  it('reads both surfaces (a sanity check of the readers themselves)', () => {
    expect(typescript.clients.AppClient).toEqual(
      expect.arrayContaining([
        'AppClient.getAccessToken',
        'AppClient.products.iterate',
        'AppClient.orders.create',
        'AppClient.revoke',
      ]),
    );
    expect(typescript.clients.StorefrontClient).toEqual(
      expect.arrayContaining([
        'StorefrontClient.graphql',
        'StorefrontClient.store',
        'StorefrontClient.products.get',
      ]),
    );
    expect(typescript.functions).toContain('verifyWebhook');
    expect(typescript.errors.ApiError).toEqual(
      expect.arrayContaining(['status', 'code', 'problem', 'requestId']),
    );
    expect(python.clients.AppClient).toEqual(
      expect.arrayContaining(['AppClient.get_access_token', 'AppClient.products.iterate']),
    );
    expect(python.clients.InstalledAppClient).toContain('InstalledAppClient.authorize_url');
  });

  it('every TypeScript operation has its Python counterpart, or is listed as pending', () => {
    const have = new Set(Object.values(python.clients).flatMap((ops) => ops ?? []));
    const missing: string[] = [];
    const nowDone: string[] = [];
    for (const op of Object.values(typescript.clients).flat()) {
      const present = have.has(toPython(op));
      if (PENDING.has(op) && present) nowDone.push(op);
      if (!PENDING.has(op) && !present) missing.push(`${op} → ${toPython(op)}`);
    }
    for (const op of PENDING) if (have.has(toPython(op)) && !nowDone.includes(op)) nowDone.push(op);
    expect({ missing, pendingButPresentInPython: nowDone }).toEqual({
      missing: [],
      pendingButPresentInPython: [],
    });
  });

  it('no Python operation the TypeScript SDK lacks, unless it says why', () => {
    const tsOps = new Set(Object.values(typescript.clients).flat().map(toPython));
    const unexplained = Object.values(python.clients)
      .flatMap((ops) => ops ?? [])
      .filter((op) => !tsOps.has(op) && !(op in PYTHON_ONLY) && !AHEAD_OF_TYPESCRIPT.has(op));
    const caughtUp = [...AHEAD_OF_TYPESCRIPT].filter((op) => tsOps.has(op));
    expect({ unexplained, aheadButTypeScriptHasItNow: caughtUp }).toEqual({
      unexplained: [],
      aheadButTypeScriptHasItNow: [],
    });
    // authorize_url stands alone only while TypeScript has no InstalledAppClient; then it must match.
    if (typescript.clients.InstalledAppClient)
      expect(typescript.clients.InstalledAppClient).toContain('InstalledAppClient.authorizeUrl');
  });

  it('every exported function and error class (with its fields) has its Python counterpart', () => {
    expect(
      typescript.functions
        .filter((f) => !(f in TYPESCRIPT_ONLY))
        .map(snake)
        .filter((f) => !python.functions.includes(f)),
    ).toEqual([]);
    const gaps: string[] = [];
    for (const [name, fields] of Object.entries(typescript.errors)) {
      const pyName = ERROR_NAMES[name] ?? name;
      const pyFields = python.errors[pyName];
      if (!pyFields) {
        gaps.push(`${name} → ${pyName}: no such class`);
        continue;
      }
      for (const field of fields)
        if (!pyFields.includes(snake(field))) gaps.push(`${pyName}.${snake(field)}`);
    }
    expect(gaps).toEqual([]);
  });

  it('lists the same event types, in the same order', () => {
    expect(python.eventTypes).toEqual([...EVENT_TYPES]);
  });
});
