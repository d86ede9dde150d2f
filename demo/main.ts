// Placeholder demo: proves the browser-safe entry point bundles and runs in a page.
import { HABITATS, parseHeight } from "../src/index.js";

const out = document.querySelector<HTMLPreElement>("#out");
if (out) {
  out.textContent = [`Habitats: ${HABITATS.join(", ")}`, `parseHeight("45 cm") = ${parseHeight("45 cm")} m`].join("\n");
}
