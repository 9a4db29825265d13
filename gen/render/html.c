/* Page trees from templates; see html.h. */
#include "render/html.h"
#include "base/xalloc.h"

#include <libxml/HTMLtree.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
rewrite_links(xmlNodePtr n, const char *root)
{
	static const char *const attrs[] = {"href", "src"};

	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++) {
			xmlChar *v = xmlGetProp(n, BAD_CAST attrs[i]);

			if (v && strncmp((char *)v, "../", 3) == 0) {
				char *nv = xasprintf("%s%s", root, (char *)v + 3);

				xmlSetProp(n, BAD_CAST attrs[i], BAD_CAST nv);
				free(nv);
			}
			xmlFree(v);
		}
		rewrite_links(n->children, root);
	}
}

htmlDocPtr
html_template(const struct html_text *layout, const struct html_text *part,
    const char *root, char *err)
{
	const char *mark = strstr(layout->text, HTML_PART_MARK);
	const char *eol = mark ? strchr(mark, '\n') : NULL;
	char *page;
	htmlDocPtr doc;

	if (eol == NULL) {
		snprintf(err, 256, "%s: no line for the page's part (%s)",
		    layout->name, HTML_PART_MARK);
		return NULL;
	}
	/* The part takes the mark's line: the page reads as one file. */
	page = xasprintf("%.*s%.*s%s", (int)(mark - layout->text),
	    layout->text, (int)part->len, part->text, eol + 1);
	doc = htmlReadMemory(page, (int)strlen(page), NULL, "UTF-8",
	    HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	free(page);
	if (doc == NULL || xmlDocGetRootElement(doc) == NULL) {
		snprintf(err, 256, "%s: cannot read the page template",
		    part->name);
		if (doc)
			xmlFreeDoc(doc);
		return NULL;
	}
	rewrite_links(xmlDocGetRootElement(doc), root);
	return doc;
}

static xmlNodePtr
find_fill(xmlNodePtr n, const char *name)
{
	for (; n != NULL; n = n->next) {
		xmlChar *v;
		xmlNodePtr hit;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		v = xmlGetProp(n, BAD_CAST "data-fill");
		if (v && strcmp((char *)v, name) == 0) {
			xmlFree(v);
			return n;
		}
		xmlFree(v);
		if ((hit = find_fill(n->children, name)) != NULL)
			return hit;
	}
	return NULL;
}

xmlNodePtr
html_slot(htmlDocPtr doc, const char *name)
{
	xmlNodePtr n = find_fill(xmlDocGetRootElement(doc), name);
	xmlNodePtr c, next;

	if (n == NULL)
		return NULL;
	for (c = n->children; c != NULL; c = next) {
		next = c->next;
		xmlUnlinkNode(c);
		xmlFreeNode(c);
	}
	xmlUnsetProp(n, BAD_CAST "data-fill");
	return n;
}

void
html_drop(xmlNodePtr n)
{
	if (n == NULL)
		return;
	xmlUnlinkNode(n);
	xmlFreeNode(n);
}

/* Elements followed by a line break in the output, so that pages (and
 * their golden files) read line by line. */
static bool
ends_line(const char *tag)
{
	static const char *const tags[] = {"tr", "li", "dd", "p", "table",
	    "div", "figure", "h2", "caption", "thead", "tbody", "ul", "section",
	    "dl"};

	for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
		if (strcmp(tags[i], tag) == 0)
			return true;
	return false;
}

xmlNodePtr
html_el(xmlNodePtr parent, const char *tag, const char *cls, const char *text)
{
	xmlNodePtr n = xmlNewDocNode(parent->doc, NULL, BAD_CAST tag, NULL);

	xmlAddChild(parent, n);
	if (ends_line(tag))
		xmlAddChild(parent, xmlNewDocText(parent->doc, BAD_CAST "\n"));
	if (cls)
		xmlSetProp(n, BAD_CAST "class", BAD_CAST cls);
	if (text)
		html_text(n, text);
	return n;
}

void
html_text(xmlNodePtr parent, const char *text)
{
	/* A text node: libxml2 escapes it when the page is written. Bytes
	 * that are not UTF-8 (a file name, a pasted result) become U+FFFD:
	 * libxml2 would write them as they are, into a UTF-8 page. Most
	 * text is UTF-8 already, and is not copied. */
	char *copy;

	xmlAddChild(parent, xmlNewDocText(parent->doc,
	    BAD_CAST utf8_or_copy(text, &copy)));
	free(copy);
}

void
html_attr(xmlNodePtr n, const char *name, const char *value)
{
	char *copy;

	xmlSetProp(n, BAD_CAST name, BAD_CAST utf8_or_copy(value, &copy));
	free(copy);
}

xmlNodePtr
html_link(xmlNodePtr parent, const char *href, const char *text)
{
	xmlNodePtr a = html_el(parent, "a", NULL, text);

	html_attr(a, "href", href);
	return a;
}

int
html_serialize(htmlDocPtr doc, char **buf, size_t *len)
{
	xmlBufferPtr b = xmlBufferCreate();
	xmlOutputBufferPtr out;

	if (b == NULL)
		return -1;
	out = xmlOutputBufferCreateBuffer(b,
	    xmlFindCharEncodingHandler("UTF-8"));
	if (out == NULL) {
		xmlBufferFree(b);
		return -1;
	}
	/* This entry point keeps the template's <meta charset> alone and
	 * writes UTF-8 as it is (not as named entities). */
	htmlDocContentDumpFormatOutput(out, doc, "UTF-8", 0);
	xmlOutputBufferClose(out);
	*len = (size_t)xmlBufferLength(b);
	*buf = xstrndup((const char *)xmlBufferContent(b), *len);
	xmlBufferFree(b);
	return 0;
}
