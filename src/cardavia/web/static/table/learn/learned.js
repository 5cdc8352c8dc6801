// @ts-check
// The games whose guided deal this browser has played to its end (docs/learn.md): the rules
// page no longer offers it then. Nothing here reaches the server. No DOM, no page config.

export const LEARNED_KEY = "cardavia.learned";

/** @returns {Record<string, boolean>} */
function kept() {
  try {
    const value = JSON.parse(localStorage.getItem(LEARNED_KEY) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** @param {string} game */
export const learned = (game) => kept()[game] === true;

/** @param {string} game */
export function noteLearned(game) {
  const games = kept();
  if (games[game]) return;
  games[game] = true;
  try {
    localStorage.setItem(LEARNED_KEY, JSON.stringify(games));
  } catch {
    /* storage off: the offer stays */
  }
}
