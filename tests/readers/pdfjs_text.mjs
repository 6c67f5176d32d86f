// The text of a PDF as a user of pdf.js gets it: each page's
// getTextContent() items joined as pdf.js's viewer lays out its text layer
// (an item's string, then a line break where the item says hasEOL), pages
// separated by a form feed. Usage: node pdfjs_text.mjs file.pdf
// pdf.js (pdfjs-dist, pinned in package.json) is installed beside this
// file by scripts/setup.sh; its legacy build runs on Node 18.
import { readFile } from "node:fs/promises";
// pdf.js warns with console.log, also after it has loaded (no DOMMatrix or
// Path2D in Node, needed only to render): sent to standard error, so
// standard output is the text alone.
console.log = (...args) => console.error(...args);
const { getDocument, VerbosityLevel } = await import("pdfjs-dist/legacy/build/pdf.mjs");

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: node pdfjs_text.mjs file.pdf\n");
  process.exit(2);
}
const data = new Uint8Array(await readFile(file));
// Text only: no fonts handed to a renderer, no eval, no network.
const pdf = await getDocument({
  data,
  disableFontFace: true,
  isEvalSupported: false,
  useSystemFonts: false,
  verbosity: VerbosityLevel.ERRORS,
}).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; ++n) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  let text = "";
  for (const item of content.items) {
    // Marked-content begin/end items carry no string.
    if (typeof item.str !== "string") continue;
    text += item.str;
    if (item.hasEOL) text += "\n";
  }
  pages.push(text);
}
process.stdout.write(pages.join("\f"));
await pdf.destroy();
