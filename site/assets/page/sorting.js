// @ts-check
// Sortable tables: a table marked data-sortable whose column headers hold buttons with data-sort-column.
// Each cell's data-sort is the value sorted by (numbers as numbers, anything else as text), so the
// words shown never have to be read back. The engine writes such tables afresh with each answer, so
// the clicks are listened for on the document, and the order chosen lasts until the next answer.

import { compareSortValues, onDocumentClick } from "../utilities/common.js";

/**
 * @param {HTMLTableRowElement} row
 * @param {number} column
 */
function sortValue(row, column) {
  const cell = row.cells[column];
  return cell ? (cell.dataset.sort ?? (cell.textContent ?? "").trim()) : "";
}

// Sorts the table by the button's column: ascending first, descending on a second press.
/** @param {HTMLElement} button */
export function sortBy(button) {
  const table = /** @type {HTMLTableElement | null} */ (button.closest("table[data-sortable]"));
  const header = button.closest("th");
  if (!table || !header || !table.tBodies[0]) return;
  const column = Number(button.dataset.sortColumn);
  const ascending = header.getAttribute("aria-sort") !== "ascending";
  const body = table.tBodies[0];
  const rows = [...body.rows];
  rows.sort((r1, r2) => compareSortValues(sortValue(r1, column), sortValue(r2, column)) * (ascending ? 1 : -1));
  body.append(...rows);
  for (const th of table.tHead?.rows[0]?.cells ?? []) th.removeAttribute("aria-sort");
  header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
}

onDocumentClick((event) => {
  const button = event.target instanceof Element ? event.target.closest("table[data-sortable] button[data-sort-column]") : null;
  if (button instanceof HTMLElement) sortBy(button);
});
