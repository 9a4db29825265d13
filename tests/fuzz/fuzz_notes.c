/* libFuzzer target: notes rendering (cmark in safe mode, then the link
 * and image checks) into a libxml2 HTML page, serialised as the site
 * writes it. The first byte chooses whether a leading title is left out. */
#include <libxml/HTMLtree.h>
#include <stdint.h>
#include <stdlib.h>

#include "render/html.h"
#include "render/notes.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	htmlDocPtr doc = htmlNewDocNoDtD(NULL, NULL);
	xmlNodePtr html = xmlNewDocNode(doc, NULL, BAD_CAST "html", NULL);
	xmlNodePtr body = xmlNewDocNode(doc, NULL, BAD_CAST "body", NULL);
	/* a run's files, so that links to them are looked up too */
	static const char *const names[] = {"bonnie.txt", "lspci out #1.txt"};
	static const char *const site_names[] = {"bonnie.txt",
	    "lspci_out__1.txt"};
	const struct notes_files files = {names, site_names, 2};
	char *buf;
	size_t len;
	int skip = size > 0 && (data[0] & 1);

	xmlDocSetRootElement(doc, html);
	xmlAddChild(html, body);
	notes_render(body, (const char *)data + (size > 0),
	    size - (size > 0), skip, "runs/r/", size > 1 && (data[0] & 2) ?
	    &files : NULL);
	if (html_serialize(doc, &buf, &len) == 0)
		free(buf);
	xmlFreeDoc(doc);
	return 0;
}
