/* Building pages as libxml2 trees from the templates in templates/
 * (one layout, a part per page; the site stage reads them): parsing a
 * template, finding its named places (data-fill="NAME"), adding
 * elements, text and attributes. User data only ever enters the tree as
 * text nodes or attribute values, never as markup. For the site's page
 * builders and the site stage; the SVG charts take X() from here. */
#ifndef BENCHSITE_HTML_H
#define BENCHSITE_HTML_H

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stddef.h>

/* A C string as libxml2 takes it. */
#define X(s) ((const xmlChar *)(s))

/* A template's text as the site stage read it, named (its path) for
 * messages. */
struct html_text {
	const char *name;
	const char *text;	/* NUL-terminated */
	size_t len;
};

/* Every page shares one layout (templates/layout.html: head, navigation,
 * footer); its line holding this mark takes the page's own part (e.g.
 * templates/run.html, what goes in <main>). */
#define HTML_PART_MARK "<!-- the page's own part goes here"

/* Parses the page template made of layout and part. Links in it that
 * start with "../" (written for the template's place in templates/) are
 * rewritten to start with root instead ("" or "../"), the prefix that
 * leads from the page to the site's top. Returns NULL with a message in
 * err[256]. */
htmlDocPtr html_template(const struct html_text *layout,
    const struct html_text *part, const char *root, char *err);

/* The element whose data-fill attribute is name, emptied of the
 * template's example content and stripped of the attribute; NULL when
 * the template has none. */
xmlNodePtr html_slot(htmlDocPtr, const char *name);

/* Removes an element that the page has nothing for. */
void html_drop(xmlNodePtr);

/* A new element tag under parent, with class (NULL for none) and text
 * content (NULL for none). */
xmlNodePtr html_el(xmlNodePtr parent, const char *tag, const char *cls,
    const char *text);
void html_text(xmlNodePtr parent, const char *text);
void html_attr(xmlNodePtr, const char *name, const char *value);
/* An <a href> under parent. */
xmlNodePtr html_link(xmlNodePtr parent, const char *href, const char *text);

/* Serialises the page as HTML5 into a new buffer (caller frees). Returns
 * 0, or -1 when out of memory. */
int html_serialize(htmlDocPtr, char **buf, size_t *len);

#endif
