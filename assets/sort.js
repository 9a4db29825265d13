/* benchsite: sorts the runs' tables (table.runs, table.metric) by a column
 * when its header is clicked; without scripts they keep the order the
 * page was written in. Loaded as a file, as the pages' security policy
 * allows no inline script; reads nothing and loads nothing. */
"use strict";

/* A cell's sort key: its figure when it has one (a leading "~" or sign
 * kept, a trailing unit or "%" ignored), else its text; a cell without
 * a figure ("+++++", "–") sorts after every figure. */
function sortKey(td) {
	const t = td ? td.textContent.trim() : "";
	const m = t.match(/^~?([-+\u2212]?[0-9][0-9.,]*)/);

	/* A date (2006-10-01) sorts as its text, which is in its order. */
	if (m && !/^[0-9]{4}-[0-9]/.test(t))
		return { n: parseFloat(m[1].replace("\u2212", "-").replace(/,/g, "")), t };
	return { n: null, t };
}

function compare(a, b) {
	if (a.n !== null && b.n !== null)
		return a.n - b.n;
	if (a.n !== null || b.n !== null)
		return a.n !== null ? -1 : 1;
	return a.t.localeCompare(b.t);
}

function sortBy(table, th, col) {
	const tbody = table.tBodies[0];
	const down = th.getAttribute("aria-sort") === "ascending";
	const rows = Array.from(tbody.rows, (tr, i) =>
	    ({ tr, i, k: sortKey(tr.cells[col]) }));

	rows.sort((a, b) => (down ? -1 : 1) * compare(a.k, b.k) || a.i - b.i);
	for (const r of rows)
		tbody.appendChild(r.tr);
	for (const h of table.tHead.rows[0].cells)
		h.removeAttribute("aria-sort");
	th.setAttribute("aria-sort", down ? "descending" : "ascending");
}

function sortable(table) {
	if (!table.tHead || !table.tBodies.length || table.tBodies[0].rows.length < 2)
		return;
	Array.from(table.tHead.rows[0].cells).forEach((th, col) => {
		const b = document.createElement("button");

		b.type = "button";
		b.className = "sort";
		b.title = "Sort by this column";
		while (th.firstChild)
			b.appendChild(th.firstChild);
		th.appendChild(b);
		b.addEventListener("click", () => sortBy(table, th, col));
	});
}

document.querySelectorAll("table.runs, table.metric").forEach(sortable);
