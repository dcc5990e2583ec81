import type { ErrorCodeEntry } from "../code-entry.js";

/** The EXPORT_ codes. */
export const EXPORT_CODES = {
  EXPORT_COPY_INVALID: {
    capability: "export",
    exit: 1,
    meaning: "an exported copy does not verify (verify --export; the problem's reason is named)",
  },
  EXPORT_CURSOR_CORRUPT: { capability: "export", exit: 2, meaning: "an export cursor file is unreadable" },
  EXPORT_CURSOR_INVALID: { capability: "export", exit: 2, meaning: "an export cursor name is not valid" },
  EXPORT_DESTINATION_MISSING: { capability: "export", exit: 2, meaning: "the export has nowhere to go" },
  EXPORT_HEADER_INVALID: { capability: "export", exit: 2, meaning: "a --header is not NAME=VALUE" },
  EXPORT_OTLP_ENDPOINT_INVALID: {
    capability: "export",
    exit: 2,
    meaning: "the OTLP endpoint (flag or OTEL_EXPORTER_OTLP_*) is not an http(s) URL",
  },
  EXPORT_OTLP_FAILED: {
    capability: "export",
    exit: 1,
    meaning: "the OTLP endpoint did not accept the records (the cursor did not move)",
  },
  EXPORT_TRAIL_BROKEN: {
    capability: "export",
    exit: 1,
    meaning: "the trail holds a line that is not an event",
  },
  EXPORT_UNREADABLE: { capability: "export", exit: 2, meaning: "an exported file cannot be read" },
} as const satisfies Record<`EXPORT_${string}`, ErrorCodeEntry>;
