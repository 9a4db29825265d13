/* Loaded by the page tests/site.sh writes into a built site, in headless
 * Chromium: opens each page of the site (the array "pages" defined before
 * this script) in a frame and reports images and style sheets that did
 * not load. Console errors of the pages reach Chromium's log. */
const out = [];
let i = 0;

function check(frame, url) {
	const d = frame.contentDocument;

	if (!d || !d.body) {
		out.push("ERROR " + url + " no document");
		return;
	}
	for (const img of d.images)
		/* A lazy image the style sheet hides (the phone's chart on a
		 * wide screen) is not loaded, rightly. */
		if (img.loading === "lazy" && img.offsetParent === null)
			continue;
		else if (!img.complete || img.naturalWidth === 0)
			out.push("BROKEN-IMAGE " + url + " " + img.getAttribute("src"));
	for (const l of d.querySelectorAll("link[rel=stylesheet]"))
		if (!l.sheet)
			out.push("BROKEN-STYLE " + url + " " + l.getAttribute("href"));
	out.push("LOADED " + url);
}

function next() {
	if (i >= pages.length) {
		document.getElementById("out").textContent = "\n" + out.join("\n") +
		    "\nDONE\n";
		return;
	}
	const url = pages[i++];
	const frame = document.createElement("iframe");

	frame.onload = () => {
		try {
			check(frame, url);
		} catch (e) {
			out.push("ERROR " + url + " " + e);
		}
		frame.remove();
		next();
	};
	frame.src = url;
	document.body.appendChild(frame);
}

next();
