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

/* The files a run's notes may link: their names in the run's directory
 * and, in the same order, the names of their copies in the site. */
struct notes_files {
	const char *const *names;
	const char *const *site_names;
	size_t n;
};

/* Adds the rendered Markdown md[0..len) as children of target. With
 * skip_title, a first-level heading at the very start is left out (it is
 * the page title already). Relative links and images (to the run's own
 * files) get base put in front, since the page is not where the notes
 * were; one that names a file of files ("lspci%20out.txt",
 * "./lspci out.txt") leads to its copy's site name. Links may point only
 * to such files or to http(s)/mailto addresses: anything else
 * ("javascript:", "data:", "/etc", "../") loses its target, and images
 * from other sites become links (the site loads nothing from the
 * network). files may be NULL. Returns 0, or -1 if the HTML could not be
 * parsed. */
int notes_render(xmlNodePtr target, const char *md, size_t len,
    int skip_title, const char *base, const struct notes_files *files);

#endif
