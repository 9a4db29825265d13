/* Markdown notes (notes.md, index.md) into a page: rendered by cmark in
 * its default safe mode and added as parsed nodes. For the site renderers
 * only. */
#ifndef BENCHSITE_NOTES_H
#define BENCHSITE_NOTES_H

#include <libxml/tree.h>
#include <stddef.h>

/* A Markdown file as the site stage read it for a page: md is NULL
 * when it could not be read (reported then); path names it in
 * messages. */
struct notes_text {
	const char *path;
	const char *md;
	size_t len;
};

/* Adds the rendered Markdown md[0..len) as children of target. With
 * skip_title, a first-level heading at the very start is left out (it is
 * the page title already). Relative links and images (to the run's own
 * files) get base put in front, since the page is not where the notes
 * were. Links may point only to such files or to http(s)/mailto
 * addresses: anything else ("javascript:", "data:", "/etc", "../")
 * loses its target, and images from other sites become links (the site
 * loads nothing from the network). Returns 0, or -1 if the HTML could
 * not be parsed. */
int notes_render(xmlNodePtr target, const char *md, size_t len,
    int skip_title, const char *base);

#endif
