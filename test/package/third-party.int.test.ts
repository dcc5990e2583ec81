/**
 * The package lists what it bundles: every package whose modules the built bundles hold (esbuild
 * names each bundled module in a `// node_modules/…` comment, read here from dist/ itself, not
 * from the build's own list) is in dist/sbom.cdx.json with its licence and in
 * dist/THIRD_PARTY_NOTICES, and `npm pack` ships both. Run after `npm run build`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";

const DIST = join(REPO_ROOT, "dist");

/** Package names of the modules bundled into dist/ (the last node_modules segment of each). */
function bundledPackages(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((file) =>
    /\.(c?js)$/.test(file),
  );
  for (const file of files) {
    const text = readFileSync(join(DIST, file), "utf8");
    for (const match of text.matchAll(/^\s*\/\/ (\S*node_modules\/\S+)$/gm)) {
      const parts = match[1]!.split("/");
      const at = parts.lastIndexOf("node_modules");
      names.add(parts[at + 1]!.startsWith("@") ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1]!);
    }
  }
  return names;
}

interface Component {
  name: string;
  version: string;
  purl: string;
  licenses: ({ license: { id: string } } | { expression: string })[];
}

describe("the third-party listing", () => {
  const bom = JSON.parse(readFileSync(join(DIST, "sbom.cdx.json"), "utf8")) as {
    bomFormat: string;
    specVersion: string;
    components: Component[];
  };
  const notices = readFileSync(join(DIST, "THIRD_PARTY_NOTICES"), "utf8");

  it("lists every bundled package in the SBOM with its licence, and in the notices", () => {
    const bundled = bundledPackages();
    // The bundles hold commander, express and isomorphic-git at least: a scan that finds
    // nothing proves nothing.
    for (const known of ["commander", "express", "isomorphic-git"]) expect(bundled).toContain(known);
    const byName = new Map(bom.components.map((component) => [component.name, component]));
    for (const name of bundled) {
      const component = byName.get(name);
      expect(component, `${name} in sbom.cdx.json`).toBeDefined();
      const licence = component!.licenses[0]!;
      expect("license" in licence ? licence.license.id : licence.expression, name).toMatch(/\S/);
      expect(notices, `${name} in THIRD_PARTY_NOTICES`).toContain(
        `\n${name}@${component!.version}\nLicense: `,
      );
    }
  });

  it("is CycloneDX 1.5 JSON with package URLs", () => {
    expect(bom.bomFormat).toBe("CycloneDX");
    expect(bom.specVersion).toBe("1.5");
    for (const component of bom.components)
      expect(component.purl).toBe(`pkg:npm/${component.name.replace(/^@/, "%40")}@${component.version}`);
  });

  it("ships in the packed tarball", () => {
    const pack = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    expect(pack.status, pack.stderr).toBe(0);
    const files = (JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    expect(files).toContain("dist/sbom.cdx.json");
    expect(files).toContain("dist/THIRD_PARTY_NOTICES");
  });
});
