/* chart200: benchsite's chart routine on the benchmark's chart job, the
 * same job gnuplot and matplotlib get (tests/bench/run.sh): read every
 * chart of a TSV file (chart number, title, label, value: one bar a line)
 * and write OUT/cN.svg (chart_svg) or OUT/cN.png (chart_png, 720 pixels
 * wide). "height" prints the height in user units of the first chart, so
 * the peers draw the same size.
 *
 *   chart200 [-j N] svg|png|height DATA.tsv [OUT]
 *
 * -j N draws the charts in N processes (chart k in process k mod N), as
 * "benchsite build" does by default with one per processor.
 *
 * Links the objects of the charts (build/render/chart_*.o but the dump,
 * build/render/pngenc.o, the PNG encoder) and the few of base, read and
 * model they use, with the libraries of PKGS; built by run.sh. */
#include "render/chart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libxml/tree.h>

#define MAXBARS 64

static void
die(const char *what)
{
	fprintf(stderr, "chart200: %s\n", what);
	exit(1);
}

static void
put(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(buf, 1, len, f) != len || fclose(f) != 0)
		die(path);
}

/* Draws one chart in the chosen format. */
static void
draw(const char *mode, const char *out, int num, struct chart *c,
    const struct chart_fonts *fonts)
{
	char err[CHART_ERR_SIZE] = "", path[4096];

	if (strcmp(mode, "height") == 0) {
		struct chart_geom *g = chart_layout(c, fonts, CHART_WIDTH);

		printf("%.0f\n", chart_geom_height(g));
		chart_geom_free(g);
		exit(0);
	}
	if (strcmp(mode, "svg") == 0) {
		xmlDocPtr doc = chart_svg(c, fonts, err);
		xmlChar *svg;
		int len;

		if (doc == NULL)
			die(err);
		xmlDocDumpMemoryEnc(doc, &svg, &len, "UTF-8");
		snprintf(path, sizeof path, "%s/c%d.svg", out, num);
		put(path, svg, (size_t)len);
		xmlFree(svg);
		xmlFreeDoc(doc);
	} else {
		unsigned char *png;
		size_t len;

		if (chart_png(c, fonts, 1, &png, &len, err) != 0)
			die(err);
		snprintf(path, sizeof path, "%s/c%d.png", out, num);
		put(path, png, len);
		free(png);
	}
}

int
main(int argc, char **argv)
{
	char err[CHART_ERR_SIZE] = "", line[1024], title[256] = "";
	char *labels[MAXBARS];
	struct chart_bar bars[MAXBARS];
	struct chart c;
	struct chart_fonts *fonts;
	const char *mode, *out;
	int cur = -1, nproc = 1, me = 0;
	size_t n = 0;
	FILE *in;

	if (argc > 2 && strcmp(argv[1], "-j") == 0) {
		nproc = atoi(argv[2]) > 0 ? atoi(argv[2]) : 1;
		argv += 2;
		argc -= 2;
	}
	if (argc < 3)
		die("usage: chart200 [-j N] svg|png|height DATA.tsv [OUT]");
	for (int k = 1; k < nproc; k++)
		if (fork() == 0) {
			me = k;
			break;
		}
	mode = argv[1];
	out = argc > 3 ? argv[3] : ".";
	if (strcmp(mode, "svg") && strcmp(mode, "png") && strcmp(mode, "height"))
		die("mode: svg, png or height");
	if ((in = fopen(argv[2], "r")) == NULL)
		die(argv[2]);
	if ((fonts = chart_fonts_load(NULL, err)) == NULL)
		die(err);
	for (;;) {
		char *f[4], *p;
		int num = -1, k = 0;
		bool eof = fgets(line, sizeof line, in) == NULL;

		if (!eof) {
			line[strcspn(line, "\n")] = '\0';
			for (p = line; k < 4; k++) {
				f[k] = p;
				if ((p = strchr(p, '\t')) == NULL)
					break;
				*p++ = '\0';
			}
			if (k != 3)
				die("a line is not chart<TAB>title<TAB>label<TAB>value");
			num = atoi(f[0]);
		}
		if ((eof || num != cur) && n > 0) {
			c = (struct chart){title, "MiB/s", NULL, bars, n};
			if (cur % nproc == me)
				draw(mode, out, cur, &c, fonts);
			while (n > 0)
				free(labels[--n]);
		}
		if (eof)
			break;
		if (n == MAXBARS)
			die("too many bars in a chart");
		cur = num;
		snprintf(title, sizeof title, "%s", f[1]);
		labels[n] = strdup(f[2]);
		bars[n] = (struct chart_bar){.label = labels[n],
		    .kind = BAR_VALUE, .value = strtod(f[3], NULL)};
		n++;
	}
	fclose(in);
	chart_fonts_free(fonts);
	if (me > 0)
		return 0;
	for (int k = 1; k < nproc; k++) {
		int st;

		if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
			die("a drawing process failed");
	}
	return 0;
}
