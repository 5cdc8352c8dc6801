// @ts-check
// The three look sliders (Contrast, Grain, Color temperature) in the Look panel of the page
// header (a <details>), and its Reset to default. look-early.js (in <head>, not deferred) has
// already applied the saved values before first paint and published window.cardaviaLook; this
// file binds the sliders to it and saves on input. Escape or a click elsewhere closes the panel.
(() => {
  "use strict";

  const look = /** @type {Window & {cardaviaLook?: CardaviaLook}} */ (window).cardaviaLook;
  if (!look) return;

  const lang = document.documentElement.lang || "en";
  let percent;
  try {
    percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 });
  } catch {
    percent = { format: (x) => `${Math.round(x * 100)}%` };
  }

  /**
   * @param {HTMLInputElement} input
   * @param {number} value
   */
  function show(input, value) {
    const text = percent.format(value / 100);
    input.setAttribute("aria-valuetext", text);
    const output = document.querySelector(`[data-look-output="${input.dataset.look}"]`);
    if (output) output.textContent = text;
  }

  /** Every slider set to `values`. @param {LookValues} values */
  function showAll(values) {
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[data-look]"))) {
      const key = input.dataset.look;
      if (key in values) {
        input.value = String(values[key]);
        show(input, values[key]);
      }
    }
  }

  function bind() {
    const inputs = /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[data-look]"));
    showAll(look.read());
    const reset = document.querySelector("[data-look-reset]");
    if (reset) {
      reset.addEventListener("click", () => {
        const values = { ...look.defaults };
        look.apply(values);
        look.save(values);
        look.values = values;
        showAll(values);
      });
    }
    const panel = /** @type {HTMLDetailsElement | null} */ (document.querySelector("details[data-look-controls]"));
    if (panel) {
      panel.addEventListener("keydown", (event) => {
        if (event.key !== "Escape" || !panel.open) return;
        panel.open = false;
        /** @type {HTMLElement | null} */ (panel.querySelector("summary"))?.focus();
        event.stopPropagation(); // not also the table's Escape
      });
      document.addEventListener("click", (event) => {
        if (panel.open && !panel.contains(/** @type {Node} */ (event.target))) panel.open = false;
      });
    }
    for (const input of inputs) {
      const key = input.dataset.look;
      if (!(key in look.defaults)) continue;
      input.addEventListener("input", () => {
        const current = look.read();
        current[key] = Math.min(100, Math.max(0, Math.round(Number(input.value))));
        show(input, current[key]);
        look.apply(current);
        look.save(current);
        look.values = current;
      });
    }
  }

  // Another tab changed the look: follow it.
  window.addEventListener("storage", (event) => {
    if (event.key !== look.key) return;
    const values = look.read();
    look.apply(values);
    look.values = values;
    showAll(values);
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bind);
  } else {
    bind();
  }
})();
