import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TrailsealError } from "../errors/index.js";

/**
 * The page's static files. They live in src/dashboard/assets/ and the build copies them to
 * dist/dashboard-assets/; this module runs from either place (src under vitest, dist/<door>/ or
 * dist/chunks/ once bundled), so it looks in each. Chart.js is served from the installed
 * package, never a CDN: the dashboard must work offline and load no third-party code.
 */
export interface Asset {
  body: Buffer;
  type: string;
}

const FILES: Record<string, string> = {
  "index.html": "text/html; charset=utf-8",
  "app.js": "text/javascript; charset=utf-8",
  "app.css": "text/css; charset=utf-8",
};

export function findAssetsDir(override?: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = override
    ? [override]
    : [join(here, "assets"), join(here, "..", "dashboard-assets"), join(here, "dashboard-assets")];
  const found = candidates.find((dir) => existsSync(join(dir, "index.html")));
  if (!found) {
    throw new TrailsealError("DASHBOARD_ASSETS_MISSING", "the dashboard's page files are missing", {
      hint: `looked in ${candidates.join(", ")}; rebuild with npm run build`,
    });
  }
  return found;
}

function chartJsPath(): string {
  const require = createRequire(import.meta.url);
  let main: string;
  try {
    // chart.js exports only its module entry points; the UMD build sits beside them in dist/.
    main = require.resolve("chart.js");
  } catch (cause) {
    throw new TrailsealError("DASHBOARD_ASSETS_MISSING", "the chart.js package is not installed", {
      cause,
      hint: "run npm install",
    });
  }
  return join(dirname(main), "chart.umd.min.js");
}

/** Loads every asset into memory once (about 250 KB): serving them is then a buffer write. */
export function loadAssets(override?: string): Map<string, Asset> {
  const dir = findAssetsDir(override);
  const assets = new Map<string, Asset>();
  for (const [name, type] of Object.entries(FILES)) {
    assets.set(name, { body: readFileSync(join(dir, name)), type });
  }
  assets.set("chart.umd.min.js", {
    body: readFileSync(chartJsPath()),
    type: "text/javascript; charset=utf-8",
  });
  return assets;
}
