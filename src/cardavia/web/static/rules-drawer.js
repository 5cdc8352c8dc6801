// @ts-check
// The rules drawer of a table (table.html): the game's summary of groups and scoring, then its
// full rules, over the deal without leaving it. A modal <dialog>: Escape closes it, the focus
// stays inside while open and returns to the button that opened it. A side drawer on a wide
// screen, a full-height sheet on a phone (css/rules-drawer.css). Its own module, apart from
// the table's core: the deal goes on underneath, and the table's shortcuts ignore keys typed
// in it (it sits outside <main>, layout.html).
(() => {
  "use strict";

  function bind() {
    const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("rules-drawer"));
    const open = /** @type {HTMLButtonElement | null} */ (document.querySelector("[data-rules-open]"));
    if (!dialog || !open || typeof dialog.showModal !== "function") return;
    const body = /** @type {HTMLElement} */ (dialog.querySelector("[data-rules-body]"));
    /** @type {HTMLElement | null} */
    let opener = null;

    open.hidden = false;
    open.setAttribute("aria-expanded", "false"); // a disclosure from the first, not once opened
    open.addEventListener("click", () => {
      opener = open;
      dialog.showModal();
      open.setAttribute("aria-expanded", "true");
      body.scrollTop = 0; // the summary first, each time
      /** @type {HTMLElement | null} */ (dialog.querySelector("[data-rules-close]"))?.focus();
    });
    dialog.querySelector("[data-rules-close]")?.addEventListener("click", () => dialog.close());
    // a click on the backdrop (outside the drawer's box) closes it too
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
    dialog.addEventListener("close", () => {
      open.setAttribute("aria-expanded", "false");
      (opener || open).focus({ preventScroll: true });
      opener = null;
    });
    // keys typed in the drawer are the drawer's, never a move at the table underneath
    dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") event.stopPropagation();
    });
    // a section link scrolls the drawer, not the page's URL (which holds the deal)
    dialog.addEventListener("click", (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href^='#']") : null;
      if (!link) return;
      const target = dialog.querySelector(/** @type {string} */ (link.getAttribute("href")));
      if (!(target instanceof HTMLElement)) return;
      event.preventDefault();
      target.scrollIntoView({ block: "start" });
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bind);
  } else {
    bind();
  }
})();
