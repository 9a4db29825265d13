/* Unit tests of what follows from the site's plan alone
 * (gen/render/plan.c) and of a page template put together from the
 * layout and a page's part (gen/render/html.c): safe and unique names,
 * a run's file names, page counts, the rows a site lists. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "render/html.h"
#include "render/page_common.h"
#include "render/plan.h"
#include "base/xalloc.h"

/* A series' name made of its fields, shown without the empty ones. */
static void
test_series_shown(void **state)
{
	static const char *const cases[][2] = {
		{"db1|LSI SAS2008||raid0|xfs", "db1, LSI SAS2008, raid0, xfs"},
		{"lab7||1 x virtio-loop image||ext4|loop0",
		    "lab7, 1 x virtio-loop image, ext4, loop0"},
		{"nightly", "nightly"}, {"||", ""}, {"|a|", "a"},
	};

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		char *got = series_shown(cases[k][0]);

		assert_string_equal(got, cases[k][1]);
		free(got);
	}
}

static void
test_safe_names(void **state)
{
	static const char *const cases[][2] = {
		{"a/b c", "a--b_c"}, {"", "_"}, {".hidden", "_.hidden"},
		{"-x", "_-x"}, {"ok_1.2-3", "ok_1.2-3"}, {"\xc3\xa9", "__"},
	};

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		char *got = name_safe(cases[k][0]);

		assert_string_equal(got, cases[k][1]);
		free(got);
	}
}

static void
test_unique_names(void **state)
{
	static const char *const in[] = {"bonnie.txt", "bonnie.txt", "x", "x",
	    "bonnie-2.txt", "bonnie.txt"};
	static const char *const want[] = {"bonnie.txt", "bonnie-2.txt", "x",
	    "x-2", "bonnie-2-2.txt", "bonnie-3.txt"};
	struct name_set ns;

	(void)state;
	name_set_init(&ns);
	for (size_t k = 0; k < sizeof in / sizeof *in; k++) {
		char *got = name_unique(xstrdup(in[k]), &ns);

		assert_string_equal(got, want[k]);
		free(got);
	}
	name_set_free(&ns);
}

/* Outputs then attachments, made inert and unique among the run's. */
static void
test_file_names(void **state)
{
	char out1[] = "bonnie.txt", out2[] = "web/page.html";
	char att1[] = "bonnie.txt", att2[] = "photo.JPG";
	char *outputs[] = {out1, out2}, *attachments[] = {att1, att2};
	struct run run = {.outputs = outputs, .noutputs = 2,
	    .attachments = attachments, .nattachments = 2};
	struct runset set = {.runs = &run, .n = 1};
	struct site_plan plan = {.set = &set};
	char **names = plan_file_names(&plan, 0);

	(void)state;
	assert_string_equal(names[0], "bonnie.txt");
	assert_string_equal(names[1], "web--page.html.txt");
	assert_string_equal(names[2], "bonnie-2.txt");
	assert_string_equal(names[3], "photo.JPG");
	plan_file_names_free(&plan, 0, names);
}

static void
test_page_counts(void **state)
{
	struct run r = {.nsamples = SITE_SAMPLES_PER_PAGE};
	char slug[] = "s";
	struct series_span one = {0, 1, NULL}, sp = {0, 2, slug};

	(void)state;
	assert_int_equal(sample_pages(&r), 0);
	r.nsamples = SITE_SAMPLES_PER_PAGE + 1;
	assert_int_equal(sample_pages(&r), 2);
	assert_int_equal(series_pages(&one), 0);
	assert_int_equal(series_pages(&sp), 1);
	sp.len = SITE_MAX_BARS + 1;
	assert_int_equal(series_pages(&sp), 2);
	sp.len = 2 * SITE_MAX_BARS;
	assert_int_equal(series_pages(&sp), 3);
}

/* A small site lists every run; a large one the latest of each series. */
static void
test_rows(void **state)
{
	struct runset set = {.n = 3};
	size_t all[] = {0, 1, 2}, latest[] = {2}, series_of[] = {0, 0, 0}, n;
	struct site_plan plan = {.set = &set, .all = all, .latest = latest,
	    .nseries = 1, .series_of = series_of};

	(void)state;
	assert_ptr_equal(plan_rows(&plan, &n), all);
	assert_int_equal(n, 3);
	plan.large = true;
	assert_ptr_equal(plan_rows(&plan, &n), latest);
	assert_int_equal(n, 1);
	assert_true(plan_is_latest(&plan, 2));
	assert_false(plan_is_latest(&plan, 1));
}

static void
test_template(void **state)
{
	static const char layout_text[] = "<!DOCTYPE html>\n<html><head>"
	    "<title data-fill=\"title\">T</title></head><body>\n"
	    "<a href=\"../index.html\">Home</a>\n<main>\n"
	    HTML_PART_MARK " -->\n</main>\n</body></html>\n";
	static const char part_text[] = "<h1 data-fill=\"heading\">H</h1>\n"
	    "<a href=\"../runs/x.html\">x</a>\n";
	struct html_text layout = {"layout.html", layout_text,
	    sizeof layout_text - 1};
	struct html_text part = {"run.html", part_text, sizeof part_text - 1};
	char err[256] = "", *buf;
	size_t len;
	htmlDocPtr doc = html_template(&layout, &part, "", err);

	(void)state;
	assert_non_null(doc);
	assert_non_null(html_slot(doc, "heading"));
	assert_int_equal(html_serialize(doc, &buf, &len), 0);
	/* The part in <main>, the mark's line gone, links from the top. */
	assert_non_null(strstr(buf, "<main>\n<h1></h1>\n"
	    "<a href=\"runs/x.html\">x</a>\n</main>"));
	assert_non_null(strstr(buf, "<a href=\"index.html\">Home</a>"));
	assert_null(strstr(buf, "own part"));
	free(buf);
	xmlFreeDoc(doc);
	/* A layout without the mark has no place for the part. */
	layout.text = "<html><body><main></main></body></html>";
	assert_null(html_template(&layout, &part, "", err));
	assert_non_null(strstr(err, "layout.html"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_series_shown),
		cmocka_unit_test(test_safe_names),
		cmocka_unit_test(test_unique_names),
		cmocka_unit_test(test_file_names),
		cmocka_unit_test(test_page_counts),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_template),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
