/**
 * Literal values after a secret's name and identifiers that look like tokens
 * (docs/decisions/redaction-literals.md): each family carried as a command, a written file and an
 * MCP argument; what is no credential comes out with no marker, and beside each family the
 * credentials of the same shape that must still go.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

const REDACTED: [family: string, text: string, secret: string][] = [
  ["a database's password run together in the name", "PAPERLESS_DBPASS=paperless", "paperless"],
  ["the same in lower case", "dbpwd: Tr4ilS3al", "Tr4ilS3al"],
];

const LEFT: [family: string, text: string][] = [["a name ending in bypass", "PROXY_BYPASS=localhost"]];

describe("literals and identifiers", () => {
  beforeAll(async () => {
    await loadShellParser();
  });
  redactsEach(REDACTED);
  leavesEach(LEFT);
});
