// The first import of main.ts: OpenTelemetry patches pg, http and the rest as they are required, so
// the SDK must start before any of them is loaded. Only when an OTLP endpoint is configured
// (OTEL_EXPORTER_OTLP_ENDPOINT); otherwise this loads nothing and installs nothing.
// Not '@app/core': its index loads pg and the rest before the SDK could patch them.
// eslint-disable-next-line no-restricted-imports
import { startTracing, TracingConfigError } from '@app/core/observability/tracing';

try {
  startTracing();
} catch (error) {
  // A protocol it cannot speak: tracing stays off, and main.ts's loadConfig reports the variable with
  // every other bad one and exits (one start shows every mistake).
  if (!(error instanceof TracingConfigError)) throw error;
}
