/* The fio reader's fast ways held to its plain ones, on any bytes: for
 * the unit test test_fio.c (fio's outputs of the tests) and the fuzz
 * target fuzz_fio.c (anything). Each way must give what "benchsite
 * parse" prints, byte for byte, messages included:
 * - the walk (read/fio_json_walk.c) against jansson alone, with the
 *   passes over lines a file of JSON only skips;
 * - the file read piece by piece (reader_stream), in pieces of any
 *   size, against reader_read of it whole, whenever the stream reads it.
 * fio_ways_check returns NULL, or which way differs. */
#ifndef BENCHSITE_TEST_FIO_WAYS_H
#define BENCHSITE_TEST_FIO_WAYS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/fio_int.h"
#include "read/reader.h"
#include "render/json_util.h"
#include "render/render.h"

/* What parse prints of rs and d; caller frees. */
static char *
fio_ways_print(struct results *rs, struct diags *d, size_t *n)
{
	char *p = NULL;
	FILE *f = open_memstream(&p, n);

	if (f == NULL)
		abort();
	render_parse_json(f, rs, d);
	fclose(f);
	return p;
}

static int
fio_ways_same(struct results *a, struct diags *da, struct results *b,
    struct diags *db)
{
	size_t na, nb;
	char *pa = fio_ways_print(a, da, &na), *pb = fio_ways_print(b, db, &nb);
	int same = na == nb && memcmp(pa, pb, na) == 0;

	free(pa);
	free(pb);
	return same;
}

/* Reads data in pieces whose sizes follow from seed; returns whether
 * the stream read it, its results in rs and messages in d. */
static int
fio_ways_stream(const char *data, size_t size, unsigned seed,
    struct results *rs, struct diags *d)
{
	struct reader_stream *s = reader_stream_new("input", NULL);
	size_t at = 0;
	unsigned x = seed * 2654435761u + 1;
	int ok = 1;

	while (ok) {
		size_t room, piece;
		char *p = reader_stream_room(s, &room);

		x = x * 1103515245u + 12345u;
		/* now a byte, now a few, now all that fits */
		piece = x >> 28 == 0 ? room : 1 + (x >> 16) % (x >> 30 ? 97 :
		    4099);
		if (piece > room)
			piece = room;
		if (piece > size - at)
			piece = size - at;
		memcpy(p, data + at, piece);
		at += piece;
		ok = reader_stream_take(s, piece);
		if (piece == 0)
			break;
	}
	ok = ok && reader_stream_end(s, rs, d);
	reader_stream_free(s);
	return ok;
}

static const char *
fio_ways_check(const char *data, size_t size, unsigned seed)
{
	struct results a = {0}, b = {0}, c = {0}, e = {0};
	struct diags da = {.quiet = 1}, db = {.quiet = 1}, dc = {.quiet = 1},
	    de = {.quiet = 1};
	const char *bad = NULL;

	fio_read("input", data, size, NULL, &a.fio, &da);
	fio_json_jansson_only = true;
	fio_read("input", data, size, NULL, &b.fio, &db);
	fio_json_jansson_only = false;
	if (!fio_ways_same(&a, &da, &b, &db))
		bad = "the walk and jansson read it differently";
	reader_read("input", data, size, NULL, &c, &dc);
	if (bad == NULL && fio_ways_stream(data, size, seed, &e, &de) &&
	    !fio_ways_same(&c, &dc, &e, &de))
		bad = "the stream and reader_read read it differently";
	results_free(&a);
	results_free(&b);
	results_free(&c);
	results_free(&e);
	diags_free(&da);
	diags_free(&db);
	diags_free(&dc);
	diags_free(&de);
	return bad;
}

#endif
