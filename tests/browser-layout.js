/* Loaded by the page tests/browser.sh writes into a built site, in
 * headless Chromium: opens each page of "pages" (defined before this
 * script) in a frame of each width of "widths" and reports, per page and
 * width, how wide the page is against the frame's width (WIDTH SCROLL
 * CLIENT: wider means the page scrolls sideways), the smallest text of
 * its charts in CSS pixels (TEXT; for a chart shown as an image, its
 * smallest text of CHART_MIN_TEXT units at the image's scale), and what
 * a reader without sight or colour would miss: an image or chart without a text alternative (NOALT), a header cell without a
 * scope (NOSCOPE), text whose contrast with its background is below WCAG
 * AA (CONTRAST). */
const out = [];
const CHART_MIN_TEXT = 11;	/* render/chart_fonts.c, the ticks' size */
let i = 0;

function rgb(s) {
	const m = s.match(/rgba?\(([^)]*)\)/);
	if (!m)
		return null;
	const v = m[1].split(",").map(Number);
	return v.length > 3 && v[3] === 0 ? null : v;
}

function luminance(c) {
	const f = (x) => {
		x /= 255;
		return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
	};
	return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
}

function background(w, el) {
	for (; el && el.nodeType === 1; el = el.parentElement) {
		const c = rgb(w.getComputedStyle(el).backgroundColor);
		if (c)
			return c;
	}
	return [255, 255, 255];
}

function contrast(w, el, url, width) {
	const st = w.getComputedStyle(el);
	const fg = rgb(st.color), bg = background(w, el);

	if (!fg || st.visibility === "hidden" || st.display === "none")
		return;
	const a = luminance(fg) + 0.05, b = luminance(bg) + 0.05;
	const ratio = Math.max(a, b) / Math.min(a, b);
	const large = parseFloat(st.fontSize) >= 24 ||
	    (parseFloat(st.fontSize) >= 18.66 && Number(st.fontWeight) >= 700);
	if (ratio < (large ? 3 : 4.5))
		out.push("CONTRAST " + url + " " + width + " " + el.tagName +
		    "." + el.className + " " + ratio.toFixed(2));
}

function check(frame, url, width) {
	const w = frame.contentWindow, d = frame.contentDocument;
	let small = Infinity;

	out.push("WIDTH " + url + " " + width + " " +
	    d.documentElement.scrollWidth + " " + d.documentElement.clientWidth);
	for (const img of d.querySelectorAll("figure.chart img"))
		if (img.offsetParent !== null && img.naturalWidth)
			small = Math.min(small, CHART_MIN_TEXT * img.width /
			    img.naturalWidth);
	for (const t of d.querySelectorAll("svg text")) {
		const r = t.getBoundingClientRect();
		const svg = t.ownerSVGElement;
		if (r.width === 0 || !svg.getBoundingClientRect().width)
			continue;
		const m = t.getScreenCTM();
		const px = parseFloat(w.getComputedStyle(t).fontSize) *
		    Math.hypot(m.a, m.b);
		small = Math.min(small, px);
	}
	if (small !== Infinity)
		out.push("TEXT " + url + " " + width + " " + small.toFixed(1));
	/* Each chart shows one of its two layouts, never both or none. */
	for (const fig of d.querySelectorAll("figure.chart")) {
		const shown = [...fig.querySelectorAll(".wide, .narrow")].filter(
		    (e) => w.getComputedStyle(e).display !== "none").length;
		if (fig.querySelector(".narrow") && shown !== 1)
			out.push("ERROR " + url + " " + width + " a chart shows " +
			    shown + " of its two layouts");
	}
	if (width !== widths[0])
		return;
	for (const img of d.querySelectorAll("img"))
		if (!img.getAttribute("alt"))
			out.push("NOALT " + url + " img " + img.getAttribute("src"));
	for (const svg of d.querySelectorAll("svg"))
		if (!svg.getAttribute("aria-label") && !svg.querySelector("title"))
			out.push("NOALT " + url + " svg");
	for (const th of d.querySelectorAll("th"))
		if (!th.getAttribute("scope"))
			out.push("NOSCOPE " + url + " " + th.textContent.trim());
	const seen = new Set();
	for (const el of d.body.querySelectorAll("*")) {
		if (el.closest("svg"))
			continue;
		let text = false;
		for (const n of el.childNodes)
			if (n.nodeType === 3 && n.textContent.trim())
				text = true;
		const key = el.tagName + "." + el.className;
		if (text && !seen.has(key)) {
			seen.add(key);
			contrast(w, el, url, width);
		}
	}
}

function next() {
	if (i >= pages.length * widths.length) {
		document.getElementById("out").textContent = "\n" + out.join("\n") +
		    "\nDONE\n";
		return;
	}
	const url = pages[i % pages.length];
	const width = widths[Math.floor(i / pages.length)];
	const frame = document.createElement("iframe");

	i++;
	frame.style.width = width + "px";
	frame.style.height = "900px";
	frame.style.border = "0";
	frame.onload = () => {
		try {
			check(frame, url, width);
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
