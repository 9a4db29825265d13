/* "build --single-file": the overview and its runs' pages in one HTML
 * file with its style sheet and charts inside, linking nowhere outside
 * itself, so it reads the same from a mail attachment, offline: every
 * run of a small set, the runs the overview names of a large one. The
 * site stage builds the pages and reads the style sheet; this puts them
 * together. */
#include "render/pages.h"
#include "base/hashmap.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* "runs/SLUG.html" or "../runs/SLUG.html" -> "SLUG", new; NULL when
 * href is no run page. */
static char *
run_slug(const char *href)
{
	const char *p = strncmp(href, "../", 3) == 0 ? href + 3 : href;
	size_t n;

	if (strncmp(p, "runs/", 5) != 0)
		return NULL;
	p += 5;
	n = strlen(p);
	if (n < 6 || strcmp(p + n - 5, ".html") != 0 || strchr(p, '/'))
		return NULL;
	return xstrndup(p, n - 5);
}

/* Slugs by pointer, sorted (cmp_string_ptrs), to look up. */
struct slugs {
	char **v;
	size_t n, cap;
	bool owned;
};

static void
slugs_add(struct slugs *l, char *slug)
{
	xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = slug;
}

static bool
slugs_have(const struct slugs *l, const char *slug)
{
	return l->n > 0 && bsearch(&slug, l->v, l->n, sizeof *l->v,
	    cmp_string_ptrs) != NULL;
}

static void
slugs_free(struct slugs *l)
{
	for (size_t k = 0; l->owned && k < l->n; k++)
		free(l->v[k]);
	free(l->v);
}

/* An image the file cannot carry (a run's attachment shown in its
 * notes) gives way to its alt text. */
static void
image_to_text(xmlNodePtr img)
{
	xmlChar *alt = xmlGetProp(img, BAD_CAST "alt");
	xmlNodePtr t = xmlNewDocText(img->doc, alt ? alt : BAD_CAST "");

	xmlReplaceNode(img, t);
	xmlFreeNode(img);
	xmlFree(alt);
}

/* Links to the runs the file holds (in) become links within it; every
 * other link (pages and files left behind, other runs, the web) loses
 * its target. */
static void
relink(xmlNodePtr n, const struct slugs *in)
{
	xmlNodePtr next;

	for (; n != NULL; n = next) {
		xmlChar *href;
		char *slug, *anchor;

		next = n->next;
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (xmlStrcmp(n->name, BAD_CAST "img") == 0) {
			image_to_text(n);
			continue;
		}
		relink(n->children, in);
		if (xmlStrcmp(n->name, BAD_CAST "a") != 0 ||
		    (href = xmlGetProp(n, BAD_CAST "href")) == NULL)
			continue;
		slug = run_slug((char *)href);
		if (slug && slugs_have(in, slug)) {
			anchor = xasprintf("#run-%s", slug);
			xmlSetProp(n, BAD_CAST "href", BAD_CAST anchor);
			free(anchor);
		} else if (href[0] != '#') {
			xmlUnsetProp(n, BAD_CAST "href");
		}
		free(slug);
		xmlFree(href);
	}
}

/* The slugs of the run pages the links below n lead to, into l. */
static void
linked_runs(xmlNodePtr n, struct slugs *l)
{
	for (; n != NULL; n = n->next) {
		xmlChar *href;
		char *slug;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		linked_runs(n->children, l);
		if (xmlStrcmp(n->name, BAD_CAST "a") != 0 ||
		    (href = xmlGetProp(n, BAD_CAST "href")) == NULL)
			continue;
		if ((slug = run_slug((char *)href)) != NULL)
			slugs_add(l, slug);
		xmlFree(href);
	}
}

static xmlNodePtr
find_tag(xmlNodePtr n, const char *tag)
{
	for (; n != NULL; n = n->next) {
		xmlNodePtr hit;

		if (n->type == XML_ELEMENT_NODE &&
		    xmlStrcmp(n->name, BAD_CAST tag) == 0)
			return n;
		if ((hit = find_tag(n->children, tag)) != NULL)
			return hit;
	}
	return NULL;
}

/* The style sheet's text in a <style> where the <link> was. The sheet
 * is ours, never user data, so writing it raw is safe. */
static void
inline_style(htmlDocPtr doc, const char *css, size_t len)
{
	xmlNodePtr link = find_tag(xmlDocGetRootElement(doc), "link"), style;

	if (link && css) {
		style = xmlNewDocNode(doc, NULL, BAD_CAST "style", NULL);
		xmlNodeAddContentLen(style, BAD_CAST css, (int)len);
		xmlReplaceNode(link, style);
		xmlFreeNode(link);
	}
}

void
single_add_run(const struct site_plan *s, xmlNodePtr main_el, size_t i,
    htmlDocPtr rd)
{
	xmlNodePtr from, sec, c;
	char *id;

	if (rd == NULL)
		return;
	from = find_tag(xmlDocGetRootElement(rd), "main");
	sec = html_el(main_el, "section", "run", NULL);
	id = xasprintf("run-%s", s->slug[i]);
	html_attr(sec, "id", id);
	free(id);
	html_el(sec, "hr", NULL, NULL);
	for (c = from ? from->children : NULL; c != NULL; c = c->next)
		xmlAddChild(sec, xmlDocCopyNode(c, main_el->doc, 1));
	xmlFreeDoc(rd);
}

xmlNodePtr
single_begin(htmlDocPtr doc)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);

	html_drop(find_tag(root, "nav"));
	html_drop(html_slot(doc, "comparisons"));
	/* The sort script is a file of the site; the one file loads none
	 * (and its tables keep the order they were written in). */
	html_drop(find_tag(root, "script"));
	return find_tag(root, "main");
}

bool *
single_runs(const struct site_plan *s, htmlDocPtr overview, size_t *shown)
{
	struct slugs linked = {.owned = true};
	bool *in = xcalloc(s->set->n + 1, sizeof *in);

	if (s->large) {
		linked_runs(xmlDocGetRootElement(overview), &linked);
		qsort(linked.v, linked.n, sizeof *linked.v, cmp_string_ptrs);
	}
	*shown = 0;
	for (size_t i = 0; i < s->set->n; i++) {
		in[i] = !s->large || slugs_have(&linked, s->slug[i]);
		*shown += in[i];
	}
	slugs_free(&linked);
	return in;
}

void
single_note(xmlNodePtr main_el, size_t shown, size_t runs)
{
	xmlNodePtr first = main_el->children, p;
	char *text;

	if (shown == runs)
		return;
	text = xasprintf("This file holds the overview and the pages of the "
	    "%zu runs it names, of %zu. The site that ", shown, runs);
	p = html_el(main_el, "p", "single-note", text);
	html_el(p, "code", NULL, "benchsite build");
	html_text(p, " makes of the same runs has a page for every run.");
	/* First, so that a reader knows before the overview. */
	if (first) {
		xmlUnlinkNode(p);
		xmlAddPrevSibling(first, p);
	}
	free(text);
}

void
single_end(const struct site_plan *s, htmlDocPtr doc, const bool *in,
    const char *css, size_t len)
{
	struct slugs held = {0};

	for (size_t i = 0; i < s->set->n; i++)
		if (in[i])
			slugs_add(&held, s->slug[i]);
	qsort(held.v, held.n, sizeof *held.v, cmp_string_ptrs);
	relink(xmlDocGetRootElement(doc), &held);
	slugs_free(&held);
	inline_style(doc, css, len);
}
