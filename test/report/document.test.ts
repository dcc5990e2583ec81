/**
 * One report document, two layouts: every word the document chooses (verdicts, headings,
 * paragraphs, table and fact cells) appears in both the Markdown and the HTML rendering, so
 * neither renderer words anything on its own.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type Cell,
  collectReport,
  renderHtml,
  renderMarkdown,
  toReportDocument,
} from "../../src/report/index.js";
import { at, body, Fixture } from "./fixture.js";

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.cleanup();
  fixture = undefined;
});

const cellText = (cell: Cell) => (typeof cell === "string" ? cell : cell.code);

describe("the report document", () => {
  it("is laid out by both renderers with the same words", async () => {
    fixture = await Fixture.create();
    await fixture.event(0, body("critical", ["privilege_escalation"], "sudo rm -rf /tmp/build"));
    await fixture.event(1, body("high", ["force_push"], "git push --force origin main"));
    await fixture.event(2, body("none"));
    await fixture.seal(3);
    await fixture.event(40, body("medium"));
    const report = await collectReport(fixture.home, { from: at(0), to: at(60), now: at(60) });
    const document = toReportDocument(report);

    const texts: string[] = [document.title];
    for (const verdict of document.verdicts) texts.push(verdict.check, verdict.headline, verdict.detail);
    for (const section of document.sections) {
      texts.push(section.heading);
      for (const block of section.blocks) {
        if (block.kind === "paragraph") texts.push(block.text);
        if (block.kind === "table") texts.push(...block.header, ...block.rows.flat().map(cellText));
        if (block.kind === "facts")
          for (const [label, value] of block.rows) texts.push(label, cellText(value));
      }
    }
    // Texts that neither format escapes (no markup, quotes, underscores or table separators) are compared as is.
    const plain = texts.filter((text) => text !== "" && /^[A-Za-z0-9 .,:;()%/+=~-]+$/.test(text));
    expect(plain.length).toBeGreaterThan(20);

    const md = renderMarkdown(report);
    const html = renderHtml(report);
    for (const text of plain) {
      expect(md, text).toContain(text);
      expect(html, text).toContain(text);
    }
  });
});
