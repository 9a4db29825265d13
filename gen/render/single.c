/* "build --single-file": the overview and every run's page in one HTML
 * file with its style sheet and charts inside, linking nowhere outside
 * itself, so it reads the same from a mail attachment, offline. The
 * site stage builds the pages and reads the style sheet; this puts them
 * together. */
#include "render/pages.h"
#include "base/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* "runs/SLUG.html" or "../runs/SLUG.html" -> "#run-SLUG"; NULL when
 * href is no run page. */
static char *
run_anchor(const char *href)
{
	const char *p = strncmp(href, "../", 3) == 0 ? href + 3 : href;
	size_t n;

	if (strncmp(p, "runs/", 5) != 0)
		return NULL;
	p += 5;
	n = strlen(p);
	if (n < 6 || strcmp(p + n - 5, ".html") != 0 || strchr(p, '/'))
		return NULL;
	return xasprintf("#run-%.*s", (int)(n - 5), p);
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

/* Links to run pages become links within the file; every other link
 * (pages and files left behind, the web) loses its target. */
static void
relink(xmlNodePtr n)
{
	xmlNodePtr next;

	for (; n != NULL; n = next) {
		xmlChar *href;
		char *anchor;

		next = n->next;
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (xmlStrcmp(n->name, BAD_CAST "img") == 0) {
			image_to_text(n);
			continue;
		}
		relink(n->children);
		if (xmlStrcmp(n->name, BAD_CAST "a") != 0 ||
		    (href = xmlGetProp(n, BAD_CAST "href")) == NULL)
			continue;
		if ((anchor = run_anchor((char *)href)) != NULL) {
			xmlSetProp(n, BAD_CAST "href", BAD_CAST anchor);
			free(anchor);
		} else if (href[0] != '#') {
			xmlUnsetProp(n, BAD_CAST "href");
		}
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

void
single_end(htmlDocPtr doc, const char *css, size_t len)
{
	relink(xmlDocGetRootElement(doc));
	inline_style(doc, css, len);
}
