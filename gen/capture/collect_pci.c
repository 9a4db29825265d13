/* The PCI controllers disks hang on, named as lspci -nn names them from
 * the PCI id database (read once) and their ids in sysfs. */
#include "capture/collect_int.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Reads the PCI id database once; NULL (noted once) when there is none. */
static const char *
pci_ids(struct collect *c)
{
	static const char *const places[] = {"/usr/share/misc/pci.ids",
	    "/usr/share/hwdata/pci.ids"};
	char *why;

	if (c->pci_tried)
		return c->pci_ids;
	c->pci_tried = true;
	for (size_t i = 0; i < 2 && c->pci_ids == NULL; i++) {
		c->pci_ids = root_read_file(c, places[i], 64u << 20, &why);
		free(c->pci_ids ? NULL : why);
	}
	if (c->pci_ids == NULL)
		put_note(c, "controller: no PCI id database (%s or %s), so "
		    "controllers are named by their ids", places[0], places[1]);
	return c->pci_ids;
}

/* The name after "ID  " on a pci.ids line of the given depth of tabs
 * whose id is id, or NULL. */
static char *
ids_name(const char *line, int tabs, const char *id)
{
	size_t n = strlen(id);

	for (int t = 0; t < tabs; t++)
		if (*line++ != '\t')
			return NULL;
	if (strncasecmp(line, id, n) != 0 || line[n] != ' ' ||
	    line[n + 1] != ' ')
		return NULL;
	return clean_value(xstrndup(line + n + 2, strcspn(line + n + 2, "\n")));
}

/* "Intel Corporation 82801GB/GR/GH (ICH7 Family) SATA Controller [AHCI
 * mode]", as lspci names it ("Device 27c1" for a device not listed). */
static char *
pci_name(struct collect *c, const char *vendor, const char *device)
{
	const char *db = pci_ids(c), *p;
	char *vname = NULL, *dname = NULL, *name;

	for (p = db; p && vname == NULL; p = next_line(p))
		vname = ids_name(p, 0, vendor);
	/* the vendor's devices follow it, one tab in */
	for (; p && *p == '\t' && dname == NULL; p = next_line(p))
		dname = ids_name(p, 1, device);
	if (vname == NULL)
		return NULL;
	name = dname ? xasprintf("%s %s", vname, dname) :
	    xasprintf("%s Device %s", vname, device);
	free(vname);
	free(dname);
	return name;
}

/* "0x8086" -> "8086" */
static char *
pci_id(struct collect *c, const char *addr, const char *file)
{
	char *why, *v = root_attr(c, &why, "/sys/bus/pci/devices/%s/%s", addr,
	    file), *t;

	if (v == NULL) {
		put_note(c, "controller: %s", why);
		free(why);
		return NULL;
	}
	t = xstrdup(strncmp(v, "0x", 2) == 0 ? v + 2 : v);
	free(v);
	for (char *p = t; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return t;
}

/* The controller's name with its ids and revision, as lspci -nn shows
 * it; by its ids alone where the database does not name it. */
char *
pci_describe(struct collect *c, const char *addr)
{
	char *ven = pci_id(c, addr, "vendor"), *dev, *rev, *name, *s;

	if (ven == NULL)
		return NULL;
	dev = pci_id(c, addr, "device");
	if (dev == NULL) {
		free(ven);
		return NULL;
	}
	rev = root_attr(c, &s, "/sys/bus/pci/devices/%s/revision", addr);
	free(s);
	if ((name = pci_name(c, ven, dev)) == NULL && pci_ids(c) != NULL)
		put_note(c, "controller: %s:%s is not in the PCI id database",
		    ven, dev);
	s = xasprintf("%s [%s:%s]%s%s%s", name ? name : "PCI device", ven, dev,
	    rev ? " (rev " : "", rev ? (strncmp(rev, "0x", 2) == 0 ? rev + 2 :
	    rev) : "", rev ? ")" : "");
	free(name);
	free(rev);
	free(ven);
	free(dev);
	return s;
}
