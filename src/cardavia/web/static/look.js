// @ts-check
// The three look sliders (Contrast, Grain, Color temperature) in the page header.
// look-early.js (in <head>, not deferred) has already applied the saved values before first
// paint and published window.cardaviaLook; this file binds the sliders to it and saves on input.
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

  function bind() {
    const inputs = /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[data-look]"));
    const values = look.read();
    for (const input of inputs) {
      const key = input.dataset.look;
      if (!(key in values)) continue;
      input.value = String(values[key]);
      show(input, values[key]);
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
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[data-look]"))) {
      const key = input.dataset.look;
      if (key in values) {
        input.value = String(values[key]);
        show(input, values[key]);
      }
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bind);
  } else {
    bind();
  }
})();
