// What the build bundles from node_modules, for the package's users to audit: a CycloneDX 1.5
// JSON SBOM (dist/sbom.cdx.json) and the licences' texts (dist/THIRD_PARTY_NOTICES), made from
// esbuild's metafiles by scripts/build.mjs. Bundled packages are devDependencies, so neither
// `npm audit` nor an SCA tool reading package.json sees them; these two files list them.
// docs/decisions/package-contents.md says why; test/package/third-party.test.ts checks every
// package named in the bundles' module comments is listed, with its licence.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** `node_modules/a/node_modules/@s/b/lib/x.js` → the directory of the last package: `…/@s/b`. */
export function packageDirOf(input) {
  const parts = input.split(/[\\/]/);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0) return null;
  const length = parts[at + 1]?.startsWith("@") ? 2 : 1;
  return parts.slice(0, at + 1 + length).join("/");
}

function licenceOf(manifest) {
  if (typeof manifest.license === "string") return manifest.license;
  if (manifest.license && typeof manifest.license.type === "string") return manifest.license.type;
  if (Array.isArray(manifest.licenses))
    return manifest.licenses.map((entry) => entry.type ?? entry).join(" OR ");
  return null;
}

function licenceTexts(dir) {
  return readdirSync(dir)
    .filter((name) => /^(licen[cs]e|copying|notice)(\.|-|$)/i.test(name))
    .sort()
    .map((name) => readFileSync(join(dir, name), "utf8").trim());
}

const purlOf = (name, version) => `pkg:npm/${name.startsWith("@") ? `%40${name.slice(1)}` : name}@${version}`;

// SPDX ids CycloneDX takes as `license.id`; anything else (an expression) goes as `expression`.
const isSimpleId = (licence) => /^[A-Za-z0-9.+-]+$/.test(licence);

/**
 * Writes the SBOM and the notices for `inputs` (metafile input paths, relative to `root`).
 * Fails when a bundled package names no licence: shipping it unlisted is what this prevents.
 */
export function writeThirdParty({ root, out, inputs, product }) {
  const packages = new Map();
  for (const input of inputs) {
    const dir = packageDirOf(input);
    if (dir === null) continue;
    const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
    const key = `${manifest.name}@${manifest.version}`;
    if (packages.has(key)) continue;
    const licence = licenceOf(manifest);
    if (!licence) throw new Error(`${key} (${dir}) is bundled but names no licence`);
    packages.set(key, {
      name: manifest.name,
      version: manifest.version,
      licence,
      dir: relative(root, join(root, dir)).split(sep).join("/"),
      homepage: manifest.homepage ?? null,
      texts: licenceTexts(join(root, dir)),
    });
  }
  const list = [...packages.values()].sort((a, b) =>
    a.name === b.name ? a.version.localeCompare(b.version) : a.name.localeCompare(b.name),
  );
  const components = list.map((entry) => ({
    type: "library",
    "bom-ref": purlOf(entry.name, entry.version),
    name: entry.name,
    version: entry.version,
    purl: purlOf(entry.name, entry.version),
    licenses: [
      isSimpleId(entry.licence) ? { license: { id: entry.licence } } : { expression: entry.licence },
    ],
    ...(entry.homepage ? { externalReferences: [{ type: "website", url: entry.homepage }] } : {}),
  }));
  // The serial number is derived from the contents, so the same build makes the same file.
  const digest = createHash("sha256").update(JSON.stringify(components)).digest("hex");
  const uuid = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  const bom = {
    bomFormat: "CycloneDX",
    specVersion: "1.5",
    serialNumber: `urn:uuid:${uuid}`,
    version: 1,
    metadata: {
      component: {
        type: "application",
        "bom-ref": purlOf(product.name, product.version),
        name: product.name,
        version: product.version,
        purl: purlOf(product.name, product.version),
        licenses: [{ license: { id: product.license } }],
      },
    },
    components,
    dependencies: [
      { ref: purlOf(product.name, product.version), dependsOn: components.map((c) => c["bom-ref"]) },
    ],
  };
  writeFileSync(join(out, "sbom.cdx.json"), `${JSON.stringify(bom, null, 2)}\n`);

  const notices = [
    `${product.name} ${product.version} bundles the following packages into dist/. Each is listed`,
    "with its licence and the licence text its package ships (sbom.cdx.json lists the same).",
    "",
  ];
  for (const entry of list) {
    notices.push("=".repeat(78), `${entry.name}@${entry.version}`, `License: ${entry.licence}`);
    if (entry.homepage) notices.push(`Home: ${entry.homepage}`);
    notices.push("");
    if (entry.texts.length === 0)
      notices.push(`(the package ships no licence file; its manifest says ${entry.licence})`);
    else notices.push(...entry.texts.flatMap((text) => [text, ""]));
    notices.push("");
  }
  writeFileSync(join(out, "THIRD_PARTY_NOTICES"), `${notices.join("\n").trimEnd()}\n`);
  return list.length;
}
