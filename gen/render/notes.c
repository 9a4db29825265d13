/* Markdown notes through cmark into the page tree; see notes.h. */
#include "render/notes.h"
#include "base/xalloc.h"

#include <cmark.h>
#include <ctype.h>
#include <libxml/HTMLparser.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The scheme of a URL, or "" for a relative one. */
static size_t
scheme_len(const char *url)
{
	size_t i = 0;

	while (isalnum((unsigned char)url[i]) || url[i] == '+' ||
	    url[i] == '-' || url[i] == '.')
		i++;
	return i > 0 && url[i] == ':' ? i : 0;
}

/* The path of a relative link as a browser reads it: up to its query or
 * fragment, its %-escapes decoded, a leading "./" left out. Caller
 * frees. */
static char *
link_path(const char *url)
{
	char *dec = xmalloc(strlen(url) + 1);
	size_t o = 0;

	while (url[0] == '.' && url[1] == '/')
		url += 2;
	for (const char *p = url; *p && *p != '?' && *p != '#'; p++) {
		if (p[0] == '%' && isxdigit((unsigned char)p[1]) &&
		    isxdigit((unsigned char)p[2])) {
			char hex[3] = {p[1], p[2], '\0'};

			dec[o++] = (char)strtol(hex, NULL, 16);
			p += 2;
		} else {
			dec[o++] = *p;
		}
	}
	dec[o] = '\0';
	return dec;
}

/* A relative link that stays among the run's files: no "/x", no
 * "//host", no "." or ".." segment but a leading "./", and no
 * backslash, also when written with %-escapes ("%2e%2e/"), which
 * browsers decode; and not empty (safe mode's empty target for a
 * "javascript:" one, which would load the page again). */
static int
stays_inside(const char *url)
{
	char *dec = link_path(url), *seg;
	int ok = url[0] != '\0';

	if (dec[0] == '/' || strchr(dec, '\\'))
		ok = 0;
	for (seg = dec; ok && seg; seg = strchr(seg, '/') ? strchr(seg, '/') +
	    1 : NULL) {
		size_t len = strcspn(seg, "/");

		if ((len == 1 && seg[0] == '.') || (len == 2 &&
		    strncmp(seg, "..", 2) == 0))
			ok = 0;
	}
	free(dec);
	return ok;
}

static int
allowed_link(const char *url)
{
	size_t n = scheme_len(url);

	if (n == 0)
		return url[0] == '#' || stays_inside(url);
	return (n == 4 && strncasecmp(url, "http", 4) == 0) ||
	    (n == 5 && strncasecmp(url, "https", 5) == 0) ||
	    (n == 6 && strncasecmp(url, "mailto", 6) == 0);
}

/* An image from elsewhere becomes a link to it, named by its alt text. */
static void
image_to_link(xmlNodePtr img, xmlChar *src)
{
	xmlChar *alt = xmlGetProp(img, BAD_CAST "alt");
	xmlNodePtr a = xmlNewDocNode(img->doc, NULL, BAD_CAST "a", NULL);

	xmlSetProp(a, BAD_CAST "href", src);
	xmlAddChild(a, xmlNewDocText(img->doc, alt && *alt ? alt : src));
	xmlFree(alt);
	xmlReplaceNode(img, a);
	xmlFreeNode(img);
}

/* The site name of the run's file a relative link names, or NULL. */
static const char *
site_name(const char *url, const struct notes_files *files)
{
	char *path = files ? link_path(url) : NULL;
	const char *found = NULL;

	for (size_t k = 0; path && k < files->n && !found; k++)
		if (strcmp(path, files->names[k]) == 0)
			found = files->site_names[k];
	free(path);
	return found;
}

/* Puts base in front of a relative link (not a "#fragment", nor the
 * empty link a refused one was left as), and a link to one of the run's
 * files becomes one to its copy (its fragment kept). */
static void
rebase(xmlNodePtr n, const char *attr, const char *base,
    const struct notes_files *files)
{
	xmlChar *v = xmlGetProp(n, BAD_CAST attr);
	const char *copy;

	if (v && v[0] && base[0] && v[0] != '#' &&
	    scheme_len((char *)v) == 0) {
		const char *frag = strchr((char *)v, '#'), *rest = (char *)v;
		char *nv;

		while (rest[0] == '.' && rest[1] == '/')
			rest += 2;
		nv = (copy = site_name(rest, files)) != NULL ?
		    xasprintf("%s%s%s", base, copy, frag ? frag : "") :
		    xasprintf("%s%s", base, rest);

		xmlSetProp(n, BAD_CAST attr, BAD_CAST nv);
		free(nv);
	}
	xmlFree(v);
}

static void
sanitise(xmlNodePtr n, const char *base, const struct notes_files *files)
{
	xmlNodePtr next;

	for (; n != NULL; n = next) {
		next = n->next;
		if (n->type == XML_COMMENT_NODE) {	/* "raw HTML omitted" */
			xmlUnlinkNode(n);
			xmlFreeNode(n);
			continue;
		}
		if (n->type != XML_ELEMENT_NODE)
			continue;
		sanitise(n->children, base, files);
		xmlChar *href = xmlGetProp(n, BAD_CAST "href");
		xmlChar *src = xmlGetProp(n, BAD_CAST "src");

		if (href && !allowed_link((char *)href))
			xmlUnsetProp(n, BAD_CAST "href");
		if (src && allowed_link((char *)src) &&
		    scheme_len((char *)src) > 0) {
			/* n is freed: the link that replaces it is done */
			image_to_link(n, src);
			xmlFree(href);
			xmlFree(src);
			continue;
		}
		if (src && !allowed_link((char *)src))
			xmlUnsetProp(n, BAD_CAST "src");
		xmlFree(href);
		xmlFree(src);
		rebase(n, "href", base, files);
		rebase(n, "src", base, files);
	}
}

/* Length of a leading "# Title" line, 0 if the text has none. */
static size_t
title_line(const char *md, size_t len)
{
	size_t i = 0;

	while (i < len && (md[i] == ' ' || md[i] == '\n' || md[i] == '\r'))
		i++;
	if (i + 1 >= len || md[i] != '#' || (md[i + 1] != ' ' &&
	    md[i + 1] != '\t'))
		return 0;
	while (i < len && md[i] != '\n')
		i++;
	return i;
}

int
notes_render(xmlNodePtr target, const char *md, size_t len, int skip_title,
    const char *base, const struct notes_files *files)
{
	size_t skip = skip_title ? title_line(md, len) : 0;
	/* Safe mode is cmark's default: raw HTML becomes a comment and
	 * javascript: and the like lose their target. Never CMARK_OPT_UNSAFE. */
	char *html = cmark_markdown_to_html(md + skip, len - skip,
	    CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8);
	xmlNodePtr list = NULL;
	int rc = 0;

	if (html == NULL)
		return -1;
	if (html[0] != '\0') {
		if (xmlParseInNodeContext(target, html, (int)strlen(html),
		    HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET,
		    &list) != XML_ERR_OK) {
			rc = -1;
		} else {
			xmlNodePtr before = target->last;

			/* Added first, so that a node sanitise removes is
			 * never the head of a list we still hold. */
			xmlAddChildList(target, list);
			list = NULL;
			sanitise(before ? before->next : target->children,
			    base, files);
		}
	}
	if (list)
		xmlFreeNodeList(list);
	free(html);
	return rc;
}
