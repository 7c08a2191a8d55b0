/**
 * The OTLP protocols the tracing exporter speaks: OTLP over HTTP, in protobuf (the OpenTelemetry
 * default) or JSON. gRPC is not one of them (its exporter would add an HTTP/2 client and its
 * dependencies for what a collector beside the instances receives over HTTP as well).
 *
 * No imports: read by the configuration check (config.ts) and by tracing.ts, which runs before
 * anything else is loaded.
 */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** The variables that name the protocol, the traces-only one first (it wins, as the SDK defines). */
const PROTOCOL_VARIABLES = ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL'] as const;

export interface OtlpProtocolProblem {
  variable: string;
  /** What to print after the variable's name. */
  problem: string;
}

/**
 * Each protocol variable set to something we cannot speak — whether or not an endpoint is set, so that a
 * configuration prepared for later is refused at the first start, not when tracing is turned on.
 */
export function otlpProtocolProblems(env: Record<string, string | undefined>): OtlpProtocolProblem[] {
  const problems: OtlpProtocolProblem[] = [];
  for (const variable of PROTOCOL_VARIABLES) {
    const value = env[variable]?.trim();
    if (!value || (OTLP_PROTOCOLS as readonly string[]).includes(value)) continue;
    problems.push({ variable, problem: `must be ${OTLP_PROTOCOLS.join(' or ')} (got "${value}")` });
  }
  return problems;
}

/** The protocol the exporter uses: the traces-only variable, the general one, or the default. */
export function otlpProtocol(env: Record<string, string | undefined>): OtlpProtocol {
  const value = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim() ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim() ||
    'http/protobuf') as OtlpProtocol;
  return value;
}
