// @ts-check
// The Full rules page: a table wider than the screen scrolls sideways inside its frame. Mark the
// frame with the sides that have more to show (css/rules.css shades them), so a phone reader
// knows to swipe rather than reading a cut-off column as the whole table. The contents stay
// open beside the text on a wide screen (css/rules.css) and closed at the top of a phone's.
(() => {
  "use strict";

  function mark(frame) {
    const table = frame.querySelector("table");
    if (!table) return;
    const hidden = table.scrollWidth - table.clientWidth;
    frame.classList.toggle("more-left", table.scrollLeft > 1);
    frame.classList.toggle("more-right", hidden - table.scrollLeft > 1);
  }

  function bind() {
    const frames = [...document.querySelectorAll(".table-frame")];
    for (const frame of frames) {
      frame.querySelector("table")?.addEventListener("scroll", () => mark(frame), { passive: true });
      mark(frame);
    }
    window.addEventListener("resize", () => frames.forEach(mark));
    const toc = /** @type {HTMLDetailsElement | null} */ (document.querySelector("[data-toc]"));
    if (toc) {
      const wide = window.matchMedia("(min-width: 1100px)");
      const fit = () => {
        toc.open = wide.matches;
      };
      fit();
      wide.addEventListener("change", fit);
      // the way back from the end of a long page opens the contents it leads to
      document.querySelector("[data-testid=to-contents]")?.addEventListener("click", () => {
        toc.open = true;
      });
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bind);
  } else {
    bind();
  }
})();
