/* "build --single-file": the overview and every run's page in one HTML
 * file with its style sheet and charts inside, linking nowhere outside
 * itself, so it reads the same from a mail attachment, offline. */
#include "base/fileio.h"
#include "site/site_int.h"
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
inline_style(struct site *s, htmlDocPtr doc)
{
	xmlNodePtr link = find_tag(xmlDocGetRootElement(doc), "link"), style;
	char *path = xasprintf("%s/assets/style.css", s->opts->data_dir);
	size_t len;
	char *css = file_read(path, DEFAULT_MAX_FILE_SIZE, &len, s->d);

	if (link && css) {
		style = xmlNewDocNode(doc, NULL, BAD_CAST "style", NULL);
		xmlNodeAddContentLen(style, BAD_CAST css, (int)len);
		xmlReplaceNode(link, style);
		xmlFreeNode(link);
	}
	free(css);
	free(path);
}

/* Moves the contents of run i's page <main> into a section of doc. */
static void
append_run(struct site *s, xmlNodePtr main_el, size_t i)
{
	htmlDocPtr rd = run_doc(s, i);
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

void
single_file(struct site *s)
{
	htmlDocPtr doc = index_doc(s);
	xmlNodePtr root, main_el;
	char *buf;
	size_t len;

	if (doc == NULL)
		return;
	root = xmlDocGetRootElement(doc);
	html_drop(find_tag(root, "nav"));
	html_drop(html_slot(doc, "comparisons"));
	main_el = find_tag(root, "main");
	for (size_t i = 0; main_el && i < s->set->n; i++)
		append_run(s, main_el, i);
	relink(root);
	inline_style(s, doc);
	if (html_serialize(doc, &buf, &len) == 0) {
		if (write_file_atomic(s->opts->single, buf, len, s->d) == 0)
			s->pages++;
		free(buf);
	}
	xmlFreeDoc(doc);
}
